import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import type { OidcFailure } from '#contract/oidc.ts'
import { ui } from '../state/ui.ts'
import { LoginForm } from '../features/password/components/login-form.tsx'
import { RegisterForm } from '../features/password/components/register-form.tsx'
import { RecoverForm } from '../features/password/components/recover-form.tsx'
import { OAuthButtons } from '../features/password/components/oauth-buttons.tsx'
import { StandaloneBar } from '../features/intro/components/standalone-bar.tsx'
import { buttonClass } from '../components/ui/button.tsx'

const PASS_TYPES = ['login', 'register', 'recover'] as const
// The contract's OIDC_FAILURES, spelled here: its module imports zod, which the first screen runs without.
const SIGN_IN_ERRORS = ['failed', 'cancelled'] as const satisfies readonly OidcFailure[]

export const Route = createFileRoute('/pass/$type')({
  beforeLoad: ({ params }) => {
    if (!(PASS_TYPES as readonly string[]).includes(params.type)) throw redirect({ to: '/pass/$type', params: { type: 'login' }, replace: true })
  },
  // A plain check, not a schema: route definitions load with the first screen, which runs without zod.
  validateSearch: (search: Record<string, unknown>): { reset?: boolean; signInError?: (typeof SIGN_IN_ERRORS)[number] } => ({
    ...(typeof search.reset === 'boolean' ? { reset: search.reset } : {}),
    // Where a Google or Facebook sign-in came back refused (server/modules/oidc/oidc.routes.ts).
    ...((SIGN_IN_ERRORS as readonly unknown[]).includes(search.signInError) ? { signInError: search.signInError as (typeof SIGN_IN_ERRORS)[number] } : {}),
  }),
  component: PassPage,
})

/** E-mail sign-in, registration and password recovery: the second way in, beside the wallet. */
function PassPage() {
  const { type } = Route.useParams()
  const { reset, signInError } = Route.useSearch()
  const navigate = useNavigate()
  const { signInProblem } = useSnapshot(ui)
  const goHome = () => {
    ui.signInProblem = null
    void navigate({ to: '/', replace: true })
  }
  return (
    <main className="standalone">
      <StandaloneBar />
      {type === 'register' ? (
        <>
          <h1>
            <Trans>Create an account</Trans>
          </h1>
          <RegisterForm onSignedIn={goHome} />
          <p>
            <Trans>Already registered?</Trans>{' '}
            <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('ghost')}>
              <Trans>Sign in with e‑mail</Trans>
            </Link>
          </p>
        </>
      ) : type === 'recover' ? (
        <>
          <h1>
            <Trans>Recover your password</Trans>
          </h1>
          <RecoverForm onReset={() => void navigate({ to: '/pass/$type', params: { type: 'login' }, search: { reset: true } })} />
          <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('ghost')}>
            <Trans>Back to sign-in</Trans>
          </Link>
        </>
      ) : (
        <>
          <h1>
            <Trans>Sign in with e‑mail</Trans>
          </h1>
          {reset && (
            <p role="status" className="badge live">
              <Trans>Your password was changed. Sign in with the new one.</Trans>
            </p>
          )}
          {signInError && (
            <p role="alert" className="error-text" data-testid="sign-in-problem">
              {signInError === 'cancelled' ? (
                <Trans>You cancelled signing in at the provider. Nothing was changed.</Trans>
              ) : (
                <Trans>Signing in with the provider did not work. Please start again.</Trans>
              )}
            </p>
          )}
          {signInProblem && (
            <p role="alert" className="error-text" data-testid="sign-in-problem">
              {signInProblem}
            </p>
          )}
          <LoginForm onSignedIn={goHome} />
          <OAuthButtons />
          <p className="button-row">
            <Link to="/pass/$type" params={{ type: 'recover' }} className={buttonClass('ghost')}>
              <Trans>Forgot password?</Trans>
            </Link>
            <Link to="/pass/$type" params={{ type: 'register' }} className={buttonClass('ghost')}>
              <Trans>Create an account</Trans>
            </Link>
          </p>
        </>
      )}
      <Link to="/empty" className={buttonClass('secondary', 'lg', true)}>
        <Trans>Continue with a wallet</Trans>
      </Link>
    </main>
  )
}
