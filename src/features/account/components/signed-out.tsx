import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { buttonClass } from '../../../components/ui/button.tsx'
import { IconWallet } from '../../../components/ui/icons.tsx'

/** The account area without a session: two ways in, never a Sign out button beside "not signed in". */
export function SignedOut() {
  return (
    <div className="card" data-testid="signed-out">
      <EmptyState
        icon={<IconWallet size={32} />}
        title={<Trans>You are not signed in</Trans>}
        body={<Trans>Connect your wallet or sign in with e-mail to see your balance, records and messages.</Trans>}
        action={
          <>
            <Link to="/empty" className={buttonClass('primary', 'lg', true)}>
              <Trans>Connect wallet</Trans>
            </Link>
            <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('secondary', 'lg', true)}>
              <Trans>Sign in with e‑mail</Trans>
            </Link>
          </>
        }
      />
    </div>
  )
}
