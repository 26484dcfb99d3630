// The instrument screen's trading part: Sell at the bid and Buy at the ask (opening the ticket), disabled offline,
// while the market is closed or without a price; signed out, a way to sign in. Below, this symbol's orders.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import type { Side } from '#contract/orders.ts'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import type { Market } from '../preview.ts'
import { OrderTicket } from './order-ticket.tsx'
import { OrdersPanel } from './orders-panel.tsx'
import '../trade.css'

export function TradePanel({ inst, market, isOpen }: { inst: Instrument; market: Market; isOpen: boolean }) {
  const f = useFormat()
  const isOnline = useIsOnline()
  const token = useSession((s) => s.token)
  const [side, setSide] = useState<Side | null>(null)
  const quote = market.quote(inst.symbol)
  if (!token)
    return (
      <Card>
        <p className="muted trade-note">
          <Trans>Sign in to trade {inst.symbol} on your demo or live book.</Trans>
        </p>
        <Link to="/empty" className={buttonClass('primary', 'md', true)}>
          <Trans>Connect wallet</Trans>
        </Link>
      </Card>
    )
  const canTrade = isOnline && isOpen && !!quote
  const bid = quote ? f.price(quote.bid) : '—'
  const ask = quote ? f.price(quote.ask) : '—'
  return (
    <>
      <Card>
        <div className="trade-actions">
          <Button size="lg" className="sell" disabled={!canTrade} onClick={() => setSide('sell')} data-testid="trade-sell">
            <Trans>Sell at {bid}</Trans>
          </Button>
          <Button size="lg" className="buy" disabled={!canTrade} onClick={() => setSide('buy')} data-testid="trade-buy">
            <Trans>Buy at {ask}</Trans>
          </Button>
        </div>
        {!isOnline && (
          <p className="caption trade-note">
            <Trans>Placing orders is disabled while you are offline.</Trans>
          </p>
        )}
      </Card>
      <OrderTicket inst={inst} market={market} side={side ?? 'buy'} open={side !== null} onClose={() => setSide(null)} />
      <OrdersPanel market={market} symbol={inst.symbol} />
    </>
  )
}
