// Google and Facebook on the account's password page: which are linked, and a button to link the others. Linking
// needs a sign-in with the wallet or password in the last 10 minutes (server/modules/oidc), so a stolen session alone
// cannot add a way in; the server's refusal says so in the user's language. Nothing shows when the server offers no
// provider.
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { OidcProvider } from '#contract/oidc.ts'
import { useSession } from '../../../lib/session.ts'
import { passwordQueries } from '../api.ts'
import { OAuthButtons } from './oauth-buttons.tsx'

const NAMES: Record<OidcProvider, string> = { google: 'Google', facebook: 'Facebook' }

export function LinkedProviders({ justLinked, linkError }: { justLinked?: string; linkError?: string }) {
  const userId = useSession((s) => s.userId)
  const providers = useQuery(passwordQueries.providers())
  const linked = useQuery(passwordQueries.linked(userId))
  if (!providers.data?.length || !linked.data) return null
  return (
    <section data-testid="linked-providers">
      <h2>
        <Trans>Google and Facebook</Trans>
      </h2>
      {justLinked && linked.data.some((p) => p === justLinked) && (
        <p role="status" className="badge live">
          <Trans>Linked. You can now sign in with it.</Trans>
        </p>
      )}
      {linkError && (
        <p role="alert" className="error-text" data-testid="link-problem">
          {linkError === 'taken' ? (
            <Trans>That account already signs in to another Keelson account, so it was not linked.</Trans>
          ) : linkError === 'cancelled' ? (
            <Trans>You cancelled signing in at the provider. Nothing was changed.</Trans>
          ) : (
            <Trans>Signing in with the provider did not work. Please start again.</Trans>
          )}
        </p>
      )}
      <ul>
        {linked.data.map((p) => {
          const providerName = NAMES[p]
          return (
            <li key={p} data-testid={`linked-${p}`}>
              <Trans>{providerName}: linked</Trans>
            </li>
          )
        })}
      </ul>
      {providers.data.some((p) => !linked.data.includes(p)) && (
        <>
          <p>
            <Trans>Link an account to sign in with it. Linking works within 10 minutes of signing in with your wallet or password.</Trans>
          </p>
          <OAuthButtons link hide={linked.data} />
        </>
      )}
    </section>
  )
}
