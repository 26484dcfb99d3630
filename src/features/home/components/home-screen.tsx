import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconMail, IconWallet } from '../../../components/ui/icons.tsx'
import { useSession } from '../../../lib/session.ts'
import { usePlatformName } from '../../../lib/use-platform-name.ts'
import '../home.css'

/**
 * Composed by the route from other features: `summary` (balance) shows the active book and its total, `prices`
 * (markets) the live prices. Signed out, the two ways in are the first thing on the screen.
 */
export function HomeScreen({ summary, prices }: { summary?: ReactNode; prices?: ReactNode }) {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  const platformName = usePlatformName()
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">
          <Trans>Trade and invest with {platformName}</Trans>
        </h1>
        {isLoggedIn ? (
          <div className="hero-status">
            <Badge tone="up" testId="signed-in">
              <Trans>Signed in</Trans>
            </Badge>
          </div>
        ) : (
          <>
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
                <Trans>Sign in with e-mail</Trans>
              </Link>
            </div>
          </>
        )}
      </section>
      {isLoggedIn && summary}
      {prices}
    </div>
  )
}
