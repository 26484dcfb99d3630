import { createFileRoute } from '@tanstack/react-router'
import { AccountScreen } from '../../features/account/components/account-screen.tsx'

export const Route = createFileRoute('/_app/profile/{-$type}')({ component: ProfileRoute })

function ProfileRoute() {
  const { type } = Route.useParams()
  return <AccountScreen section={type} />
}
