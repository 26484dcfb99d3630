import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../components/ui/button.tsx'
import { LazyConnectPanel } from '../wallet/wallet-gate.tsx'
import { StandaloneBar } from '../features/intro/components/standalone-bar.tsx'

export const Route = createFileRoute('/empty')({ component: EmptyPage })

/** Connect a wallet (wagmi loads with this screen), or sign in with e-mail instead. */
function EmptyPage() {
  return (
    <main className="standalone">
      <StandaloneBar />
      <LazyConnectPanel
        fallback={
          <h1>
            <Trans>Connect your wallet</Trans>
          </h1>
        }
      />
      <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('secondary', 'lg', true)}>
        <Trans>Sign in with e‑mail</Trans>
      </Link>
    </main>
  )
}
