import { createFileRoute } from '@tanstack/react-router'
import { HelpScreen } from '../../features/help/components/help-screen.tsx'
import { SupportScreen } from '../../features/support/components/support-screen.tsx'

export const Route = createFileRoute('/_app/help/{-$type}')({ component: HelpRoute })

function HelpRoute() {
  const { type } = Route.useParams()
  if (type === 'support') return <SupportScreen />
  return <HelpScreen type={type ?? 'center'} />
}
