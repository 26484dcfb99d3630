import { createFileRoute } from '@tanstack/react-router'
import { HelpScreen } from '../../features/help/components/help-screen.tsx'

export const Route = createFileRoute('/_app/help/{-$type}')({ component: HelpRoute })

function HelpRoute() {
  const { type } = Route.useParams()
  return <HelpScreen type={type ?? 'center'} />
}
