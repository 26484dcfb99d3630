import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../lib/session.ts'
import { buttonClass } from '../components/ui/button.tsx'
import { EmptyState } from '../components/ui/empty-state.tsx'
import { IconLock } from '../components/ui/icons.tsx'
import { ChangePasswordForm } from '../features/password/components/change-password-form.tsx'
import { StandaloneBar } from '../features/intro/components/standalone-bar.tsx'

export const Route = createFileRoute('/changepwd')({ component: ChangePasswordPage })

function ChangePasswordPage() {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  return (
    <main className="standalone">
      <StandaloneBar back="/profile" />
      <h1>
        <Trans>Change password</Trans>
      </h1>
      {isLoggedIn ? (
        <ChangePasswordForm />
      ) : (
        <EmptyState
          icon={<IconLock size={32} />}
          title={<Trans>Sign in to change your password.</Trans>}
          action={
            <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('primary', 'lg', true)}>
              <Trans>Sign in with e‑mail</Trans>
            </Link>
          }
        />
      )}
    </main>
  )
}
