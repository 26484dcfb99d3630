import { createFileRoute } from '@tanstack/react-router'
import { ConnectPanel } from '../wallet/components/connect-panel.tsx'

export const Route = createFileRoute('/empty')({ component: EmptyPage })

function EmptyPage() {
  return (
    <main className="standalone">
      <img src="/icons/logo.svg" alt="" width="56" height="56" className="standalone-logo" />
      <ConnectPanel />
    </main>
  )
}
