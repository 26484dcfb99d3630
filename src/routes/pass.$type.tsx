import { Link, createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export const Route = createFileRoute('/pass/$type')({ component: PassPage })

/** E-mail sign-in, registration and password recovery: a second way in that arrives with the account release. */
function PassPage() {
  const { type } = Route.useParams()
  return (
    <main className="standalone">
      <h1>
        {type === 'register' ? (
          <Trans>Create an account</Trans>
        ) : type === 'recover' ? (
          <Trans>Recover your password</Trans>
        ) : (
          <Trans>Sign in with e-mail</Trans>
        )}
      </h1>
      <p>
        <Trans>E-mail and password sign-in is not open yet. Your Ethereum wallet is how you sign in and create your account today.</Trans>
      </p>
      <Link to="/empty" className="btn primary">
        <Trans>Continue with a wallet</Trans>
      </Link>
    </main>
  )
}
