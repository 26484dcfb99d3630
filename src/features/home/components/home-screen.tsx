import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { LivePrices } from '../../markets/components/live-prices.tsx'
import { usePlatformName } from '../../../app/use-platform-name.ts'

/** `bookBadge`, composed by the route from the balance feature, shows which book is active. */
export function HomeScreen({ bookBadge }: { bookBadge?: ReactNode }) {
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
      <LivePrices />
    </div>
  )
}
