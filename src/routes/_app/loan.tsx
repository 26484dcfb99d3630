import { createFileRoute } from '@tanstack/react-router'
import { SignedOut } from '../../features/account/components/signed-out.tsx'
import { LoanScreen, LoanScreenSignedOut } from '../../features/loan/components/loan-screen.tsx'
import { useSession } from '../../lib/session.ts'

// The screen is its own chunk (autoCodeSplitting): nothing of it reaches the first visit's bundle.
export const Route = createFileRoute('/_app/loan')({ component: LoanRoute })

function LoanRoute() {
  const token = useSession((s) => s.token)
  return token ? (
    <LoanScreen />
  ) : (
    <LoanScreenSignedOut>
      <SignedOut />
    </LoanScreenSignedOut>
  )
}
