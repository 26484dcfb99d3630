import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export const Route = createFileRoute('/changepwd')({ component: ChangePasswordPage })

function ChangePasswordPage() {
  return (
    <main className="standalone">
      <h1>
        <Trans>Change password</Trans>
      </h1>
      <p>
        <Trans>E-mail and password sign-in is not open yet. Your Ethereum wallet is how you sign in and create your account today.</Trans>
      </p>
      <Link to="/" className="btn primary">
        <Trans>Home</Trans>
      </Link>
    </main>
  )
}
