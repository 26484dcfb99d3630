import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconMail, IconWallet } from '../../../components/ui/icons.tsx'
import { useSession } from '../../../lib/session.ts'
import { usePlatformName } from '../../../lib/use-platform-name.ts'
import '../home.css'

type Props = { portfolio?: ReactNode; summary?: ReactNode; prices?: ReactNode; partners?: ReactNode }

/**
 * Composed by the route from other features: `portfolio` (trade: equity, P/L, a few positions, Deposit and Trade),
 * `summary` (balance: the active book's total), `prices` (markets: the watchlist) and `partners` (signed out, under
 * the prices). Signed in, the portfolio comes
 * first, the prices beside it on desktop; signed out, the pitch and the two ways in are the first thing on the screen.
 */
export function HomeScreen({ portfolio, summary, prices, partners }: Props) {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  const platformName = usePlatformName()
  if (isLoggedIn)
    return (
      <div className="home signed-in">
        <div className="home-head">
          <h1 id="home-title">
            <Trans>Trade and invest with {platformName}</Trans>
          </h1>
          <Badge tone="up" testId="signed-in">
            <Trans>Signed in</Trans>
          </Badge>
        </div>
        <div className="home-grid">
          <div className="home-col">
            {portfolio}
            {summary}
          </div>
          <div className="home-col">{prices}</div>
        </div>
      </div>
    )
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">
          <Trans>Trade and invest with {platformName}</Trans>
        </h1>
        <p className="muted">
          <Trans>Forex, crypto, stocks, ETFs and futures in one place. Your wallet is your sign-in, and it never pays a fee for it.</Trans>
        </p>
        <div className="home-actions" data-testid="signed-out">
          <Link to="/empty" className={buttonClass('primary', 'lg', true)}>
            <IconWallet size={22} />
            <Trans>Connect wallet</Trans>
          </Link>
          <Link to="/pass/$type" params={{ type: 'login' }} className={buttonClass('secondary', 'lg', true)}>
            <IconMail size={22} />
            <Trans>Sign in with e‑mail</Trans>
          </Link>
        </div>
      </section>
      {prices}
      {partners}
    </div>
  )
}
