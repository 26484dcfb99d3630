// "Continue with Google / Facebook": one button per provider the server is configured for (GET /api/oidcProviders),
// none while that is unknown or when none is. The sign-in itself runs on the server (server/modules/oidc); `link`
// adds the provider to the signed-in account instead.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { OidcProvider } from '#contract/oidc.ts'
import { passwordQueries, useProviderSignIn } from '../api.ts'
import { Button } from '../../../components/ui/button.tsx'
import { FormError } from './form-error.tsx'

const LABELS: Record<OidcProvider, { signIn: ReactNode; link: ReactNode }> = {
  google: { signIn: <Trans>Continue with Google</Trans>, link: <Trans>Link Google</Trans> },
  facebook: { signIn: <Trans>Continue with Facebook</Trans>, link: <Trans>Link Facebook</Trans> },
}

export function OAuthButtons({ link = false, hide = [] }: { link?: boolean; hide?: readonly OidcProvider[] }) {
  const { data: providers = [] } = useQuery(passwordQueries.providers())
  const go = useProviderSignIn(link)
  const shown = providers.filter((p) => !hide.includes(p))
  if (shown.length === 0) return null
  return (
    <>
      <FormError error={go.error} />
      <div className="button-row">
        {shown.map((provider) => (
          <Button key={provider} variant="secondary" loading={go.isPending && go.variables === provider} onClick={() => go.mutate(provider)}>
            {link ? LABELS[provider].link : LABELS[provider].signIn}
          </Button>
        ))}
      </div>
    </>
  )
}
