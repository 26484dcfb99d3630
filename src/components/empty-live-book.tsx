// An empty live book says so and offers the deposit, wherever the live book is shown (the balance, the trading
// account): a new user who switches to Live finds the way in, not a row of zeros.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from './ui/button.tsx'

export function EmptyLiveBook({ className, testId }: { className: string; testId: string }) {
  return (
    <div className={className} data-testid={testId}>
      <p className="caption">
        <Trans>Your live book is empty. Deposit to trade with real money.</Trans>
      </p>
      <Link to="/profile/{-$type}" params={{ type: 'deposit' }} className={buttonClass('primary', 'md', true)}>
        <Trans>Deposit</Trans>
      </Link>
    </div>
  )
}
