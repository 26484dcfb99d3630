import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { usePlatformName } from '../../../lib/use-platform-name.ts'

/**
 * Composed by the route from other features: `bookBadge` (balance) shows which book is active, `prices` (markets)
 * the live prices.
 */
export function HomeScreen({ bookBadge, prices }: { bookBadge?: ReactNode; prices?: ReactNode }) {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  const platformName = usePlatformName()
  return (
    <div className="home">
      <section className="hero">
        <h1>
          <Trans>Trade and invest with {platformName}</Trans>
        </h1>
        <p>
          <Trans>Forex, crypto, stocks, ETFs and futures in one place. Your wallet is your sign-in, and it never pays a fee for it.</Trans>
        </p>
        {isLoggedIn ? (
          <p className="hero-status">
            <span className="badge live" data-testid="signed-in">
              <Trans>Signed in</Trans>
            </span>{' '}
            {bookBadge}
          </p>
        ) : (
          <p className="badge" data-testid="signed-out">
            <Trans>Not signed in</Trans>
          </p>
        )}
        <div className="button-row">
          <Link to="/trades" className="btn primary">
            <Trans>Explore markets</Trans>
          </Link>
          <Link to="/help/{-$type}" params={{ type: 'center' }} className="btn secondary">
            <Trans>Help center</Trans>
          </Link>
        </div>
      </section>
      {prices}
    </div>
  )
}
