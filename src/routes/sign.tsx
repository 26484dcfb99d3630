import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { LazySignPanel } from '../wallet/wallet-gate.tsx'
import { StandaloneBar } from '../features/intro/components/standalone-bar.tsx'
import { ui } from '../state/ui.ts'

export const Route = createFileRoute('/sign')({
  // A plain check, not a schema: route definitions load with the first screen, which runs without zod.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
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
        onWalletAppFailed={() => {
          ui.isSignWanted = false
          void navigate({ to: '/empty', replace: true })
        }}
      />
    </main>
  )
}
