// The instrument screen's trading part: Sell at the bid and Buy at the ask, each button the action over its live
// price (two lines, so no language clips the price), opening the ticket; disabled offline, while the market is
// closed or without a price. Signed out the same buttons lead to connecting a wallet. On phones the bar is fixed
// above the tab bar, always in reach (trade.css); on desktop it heads the ticket column, where the ticket opens
// docked beside the chart instead of over it; closed, the account's figures stand in its place.
import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import type { Side } from '#contract/orders.ts'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsDesktop } from '../../../lib/use-is-desktop.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import type { Market } from '../preview.ts'
import { AccountCard } from './account-card.tsx'
import { OrderTicket } from './order-ticket.tsx'
import '../trade.css'

export function TradePanel({ inst, market, isOpen }: { inst: Instrument; market: Market; isOpen: boolean }) {
  const f = useFormat()
  const isOnline = useIsOnline()
  const isDesktop = useIsDesktop()
  const token = useSession((s) => s.token)
  const [side, setSide] = useState<Side | null>(null)
  const quote = market.quote(inst.symbol)
  const bid = quote ? f.price(quote.bid, inst.digits) : '—'
  const ask = quote ? f.price(quote.ask, inst.digits) : '—'
  const sell = <SideLabel action={<Trans context="trade button" comment="Over the bid on the button that opens a sell order: a verb">Sell</Trans>} price={bid} />
  const buy = <SideLabel action={<Trans context="trade button" comment="Over the ask on the button that opens a buy order: a verb">Buy</Trans>} price={ask} />
  if (!token)
    return (
      <>
        <div className="trade-bar" data-testid="trade-bar">
          <Link to="/empty" className={`${buttonClass('secondary', 'lg')} sell`} data-testid="trade-sell">
            {sell}
          </Link>
          <Link to="/empty" className={`${buttonClass('secondary', 'lg')} buy`} data-testid="trade-buy">
            {buy}
          </Link>
        </div>
        <Card>
          <div className="trade-sign-in">
            <p className="muted trade-note">
              <Trans>Sign in to trade {inst.symbol} on your demo or live book.</Trans>
            </p>
            <Link to="/empty" className={buttonClass('primary', 'md', true)}>
              <Trans>Connect wallet</Trans>
            </Link>
          </div>
        </Card>
      </>
    )
  const canTrade = isOnline && isOpen && !!quote
  return (
    <>
      <div className="trade-bar" data-testid="trade-bar">
        {!isOnline && (
          <p className="caption trade-note trade-bar-note">
            <Trans>Placing orders is disabled while you are offline.</Trans>
          </p>
        )}
        <Button size="lg" className="sell" disabled={!canTrade} onClick={() => setSide('sell')} data-testid="trade-sell">
          {sell}
        </Button>
        <Button size="lg" className="buy" disabled={!canTrade} onClick={() => setSide('buy')} data-testid="trade-buy">
          {buy}
        </Button>
      </div>
      {/* Keyed by side on desktop: Sell or Buy pressed while the docked ticket is open starts that side's form. */}
      <OrderTicket key={isDesktop ? (side ?? 'closed') : 'sheet'} inst={inst} market={market} side={side ?? 'buy'} open={side !== null} onClose={() => setSide(null)} docked={isDesktop} />
      {isDesktop && side === null && <AccountCard market={market} />}
    </>
  )
}

function SideLabel({ action, price }: { action: ReactNode; price: string }) {
  return (
    <span className="side-label">
      <span className="side-action">{action}</span>
      <span className="side-price">{price}</span>
    </span>
  )
}
