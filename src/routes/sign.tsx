import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as z from 'zod/mini'
import { LazySignPanel } from '../wallet/wallet-gate.tsx'
import { StandaloneBar } from '../features/intro/components/standalone-bar.tsx'
import { ui } from '../state/ui.ts'

export const Route = createFileRoute('/sign')({
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  component: SignPage,
})

/** Mobile sign-in page; the chain guard moves on once a token is stored. Cancel goes to /empty and asks no more. */
function SignPage() {
  const navigate = useNavigate()
  return (
    <main className="standalone">
      <StandaloneBar back="/empty" />
      <LazySignPanel
        fallback={
          <h1>
            <Trans>Sign in with your wallet</Trans>
          </h1>
        }
        onCancel={() => {
          ui.isSignWanted = false
          void navigate({ to: '/empty' })
        }}
      />
    </main>
  )
}
