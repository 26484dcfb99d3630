import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useLotsText } from '../use-lots-text.ts'
import { CLOSE_REASONS, orderLabel, STATUS_LABELS } from '../labels.ts'
import { OrderFacts, ProfitText } from './order-facts.tsx'

/**
 * A finished order: a closed position with its result, the reason it closed (and, when the engine closed it, the
 * margin level then), or a limit or stop order that filled or was cancelled, named by its type ("Buy stop").
 */
export function HistoryItem({ order, digits, currency }: { order: Order; digits?: number; currency: string }) {
  const { i18n } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const price = (v: string | null) => (v ? f.price(v, digits) : '—')
  const isPosition = order.kind === 'contract'
  const facts: [React.ReactNode, React.ReactNode][] = isPosition
    ? [
        [<Trans>Open price</Trans>, price(order.openPrice)],
        [<Trans>Close price</Trans>, price(order.closePrice)],
        [<Trans>Fee</Trans>, `${f.amount(order.fee)} ${currency}`],
        [<Trans>Pips</Trans>, f.amount(order.pips, { digits: 1, signed: true })],
      ]
    : [
        [order.pendingType === 'stop' ? <Trans>Stop price</Trans> : <Trans>Limit price</Trans>, price(order.limitPrice)],
        [<Trans>Margin held</Trans>, `${f.amount(order.margin)} ${currency}`],
      ]
  if (order.closeTime ?? order.openTime) facts.push([<Trans>Time</Trans>, f.dateTime((order.closeTime ?? order.openTime)!)])
  if (order.closeReason) facts.push([<Trans>Reason</Trans>, i18n._(CLOSE_REASONS[order.closeReason])])
  if (order.closeMarginLevel) facts.push([<Trans>Margin level then</Trans>, f.percent(order.closeMarginLevel)])
  return (
    <li className="order-item" id={`closed-${order.orderNo}`} data-testid="history-order" data-order-no={order.orderNo} data-status={order.status}>
      <div className="order-head">
        <span className="order-title">
          {order.symbol}
          <Badge tone={order.side === 'buy' ? 'up' : 'down'}>{i18n._(orderLabel(order))}</Badge>
          <span className="caption">{lotsText(order.lots)}</span>
        </span>
        {isPosition && order.status === 'closed' ? (
          <ProfitText value={order.profit} text={`${f.amount(order.profit, { signed: true })} ${currency}`} testId="history-pl" />
        ) : (
          <Badge>{i18n._(STATUS_LABELS[order.status])}</Badge>
        )}
      </div>
      <OrderFacts facts={facts} />
    </li>
  )
}
