// The trading account of the current book, live, from the same figures the server checks and the engine acts on
// (src/contract/trading-account.ts): equity moves with the open positions' P/L on every tick; margin is the
// positions' margin, what pending orders reserve is shown apart; a margin level under the margin-call level warns, naming the stop-out level at which positions start to close.
import type { Decimal } from 'decimal.js'
import { Trans } from '@lingui/react/macro'
import type { Order, TradeAccount } from '#contract/orders.ts'
import { isBelowLevel } from '#contract/trading-math.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { EmptyLiveBook } from '../../../components/empty-live-book.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { useFormat } from '../../../lib/format.ts'
import { liveLevel, type Market } from '../preview.ts'

export function AccountSummary({ account, positions, market }: { account: TradeAccount; positions: Order[]; market: Market }) {
  const f = useFormat()
  const live = liveLevel(account, positions, market)
  const money = (v: Decimal) => `${f.amount(v.toFixed(2))} ${account.currency}`
  const level = live.marginLevel === null ? '—' : f.percent(live.marginLevel.toFixed(2))
  const stopOut = f.percent(account.stopOutLevel)
  const isMarginCall = isBelowLevel(live.marginLevel, account.marginCallLevel)
  // A live book with nothing in it can only trade once money arrives: say where it comes from.
  const isEmptyLive = account.book === 'live' && live.equity.isZero() && positions.length === 0
  const title = (
    <>
      <Trans>Trading account</Trans> <BookLabel book={account.book} testId="trade-book" />
    </>
  )
  return (
    <Card title={title} titleId="trade-account-title">
      <dl className="figures" data-testid="trade-account">
        <dt>
          <Trans>Balance</Trans>
        </dt>
        <dd>{`${f.amount(account.balance)} ${account.currency}`}</dd>
        <dt>
          <Trans>Equity</Trans>
        </dt>
        <dd data-testid="account-equity">{money(live.equity)}</dd>
        <dt>
          <Trans>Margin</Trans>
        </dt>
        <dd>{money(live.margin)}</dd>
        {live.reserved.gt(0) && (
          <>
            <dt>
              <Trans>Reserved for pending orders</Trans>
            </dt>
            <dd data-testid="account-reserved">{money(live.reserved)}</dd>
          </>
        )}
        <dt>
          <Trans>Free margin</Trans>
        </dt>
        <dd data-testid="account-free-margin">{money(live.freeMargin)}</dd>
        <dt>
          <Trans>Margin level</Trans>
        </dt>
        <dd data-testid="account-margin-level">{level}</dd>
      </dl>
      {isEmptyLive && <EmptyLiveBook className="trade-empty-live" testId="trade-empty-live" />}
      {isMarginCall && (
        <p className="margin-warning" role="alert" data-testid="margin-call">
          <IconInfo size={18} />
          <span>
            <Trans>Margin call: your margin level is {level}. At {stopOut} positions are closed, the largest loss first. Add funds or close positions.</Trans>
          </span>
        </p>
      )}
    </Card>
  )
}
