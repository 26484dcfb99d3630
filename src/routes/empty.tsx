import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ConnectPanel } from '../wallet/components/connect-panel.tsx'

export const Route = createFileRoute('/empty')({ component: EmptyPage })

function EmptyPage() {
  return (
    <main className="standalone">
      <img src="/icons/logo.svg" alt="" width="56" height="56" className="standalone-logo" />
      <ConnectPanel />
      <Link to="/pass/$type" params={{ type: 'login' }} className="btn secondary">
        <Trans>Sign in with e-mail</Trans>
      </Link>
    </main>
  )
}
