import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../lib/session.ts'
import { ChangePasswordForm } from '../features/password/components/change-password-form.tsx'

export const Route = createFileRoute('/changepwd')({ component: ChangePasswordPage })

function ChangePasswordPage() {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  return (
    <main className="standalone">
      <h1>
        <Trans>Change password</Trans>
      </h1>
      {isLoggedIn ? (
        <ChangePasswordForm />
      ) : (
        <Link to="/pass/$type" params={{ type: 'login' }} className="btn primary">
          <Trans>Sign in with e-mail</Trans>
        </Link>
      )}
      <Link to="/">
        <Trans>Home</Trans>
      </Link>
    </main>
  )
}
