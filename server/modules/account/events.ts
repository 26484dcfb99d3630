// The record's rows from the ledger's events (ledger/events.ts): what happened, told from the user's side in their
// language, with the order's symbol, side and lots from the orders module. An order event whose order cannot be read
// falls back to the journal's reason.
import type { FastifyInstance } from 'fastify'
import type { RecordEventType, TransactionRow } from '#contract/account.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import { Decimal } from '../../ledger/decimal.ts'
import type { RecordEvent } from '../../ledger/events.ts'
import { isReason, REASONS, type Book } from '../../ledger/types.ts'
import { orderFactsOf } from '../orders/orders.lookup.ts'
import { numbersFor } from './numbers.ts'

type Close = NonNullable<TransactionRow['closeReason']>

const CLOSES: Record<string, { how: Close; message: ServerMessageKey }> = {
  'trade.close': { how: 'user', message: 'recordClosed' },
  'trade.take_profit': { how: 'take_profit', message: 'recordClosedTakeProfit' },
  'trade.stop_loss': { how: 'stop_loss', message: 'recordClosedStopLoss' },
  'trade.stop_out': { how: 'stop_out', message: 'recordClosedStopOut' },
}

const SIMPLE: Record<string, RecordEventType> = {
  'demo.funding': 'demo_funding',
  'demo.reset': 'demo_reset',
  'deposit.credit': 'deposit',
}

const ORDER_REASONS = new Set(['trade.open', 'trade.fee', 'limit.reserve', 'limit.cancel', 'limit.fill', ...Object.keys(CLOSES)])

const neg = (v: string) => new Decimal(v).neg().toFixed()
const isZero = (v: string) => new Decimal(v).isZero()

export type Describe = (event: RecordEvent) => TransactionRow

/** Reads the orders the events name, then describes each event in `language`. */
export async function describer(app: FastifyInstance, userId: string, book: Book, events: RecordEvent[], language: string | undefined): Promise<Describe> {
  const orderNos = events.filter((e) => ORDER_REASONS.has(e.reason) && e.reference).map((e) => e.reference!)
  const orders = await orderFactsOf(app.db, userId, orderNos)
  const n = numbersFor(language)
  const t = (key: ServerMessageKey, values?: Record<string, string | number>) => app.translate(language, key, values)

  return (e) => {
    const base: TransactionRow = {
      id: e.journalId,
      time: e.time.getTime(),
      kind: e.kind,
      event: 'other',
      reason: e.reason,
      text: isReason(e.reason) ? t(REASONS[e.reason]) : e.reason,
      amount: e.available,
      currency: e.currency,
      book,
      ...(e.balanceAfter === null ? {} : { balanceAfter: e.balanceAfter }),
      orderNo: null,
      symbol: null,
      side: null,
      lots: null,
      margin: isZero(e.margin) ? null : e.margin,
      fee: isZero(e.fee) ? null : e.fee,
      profit: null,
      closeReason: null,
      withdrawalId: null,
    }
    if (SIMPLE[e.reason]) return { ...base, event: SIMPLE[e.reason]! }
    if (e.reason.startsWith('withdrawal.')) return withdrawal(base, e)
    const order = e.reference ? orders.get(e.reference) : undefined
    if (!order) return base
    const lots = { count: Number(order.lots), lots: n.lots(order.lots) }
    const facts = { ...base, orderNo: e.reference, symbol: order.symbol, side: order.side, lots: new Decimal(order.lots).toFixed() }
    const ref = { orderNo: e.reference!, symbol: order.symbol }
    const close = CLOSES[e.reason]
    if (close && order.openKey.startsWith('split:')) {
      // The closed part of a position (orders/manage.service.ts partialClosePosition): named by the position it left.
      const values = { ...ref, ...lots, positionNo: String(order.linkedOrderNo), profit: n.amount(e.profit, true), margin: n.amount(neg(e.margin)) }
      return { ...facts, event: 'position_closed', text: t('recordPartiallyClosed', values), profit: e.profit, closeReason: close.how }
    }
    if (close) {
      const text = t(close.message, { ...ref, profit: n.amount(e.profit, true), margin: n.amount(neg(e.margin)) })
      return { ...facts, event: 'position_closed', text, profit: e.profit, closeReason: close.how }
    }
    switch (e.reason) {
      case 'trade.open':
        return { ...facts, event: 'position_opened', text: t('recordOpened', { ...ref, ...lots, side: order.side, margin: n.amount(e.margin), fee: n.amount(e.fee) }) }
      case 'limit.reserve':
        return { ...facts, event: 'limit_placed', text: t(order.pendingType === 'stop' ? 'recordStopPlaced' : 'recordLimitPlaced', { ...ref, ...lots, side: order.side, margin: n.amount(e.margin) }) }
      case 'limit.cancel':
        return { ...facts, event: 'limit_cancelled', text: t(order.pendingType === 'stop' ? 'recordStopCancelled' : 'recordLimitCancelled', { ...ref, margin: n.amount(neg(e.margin)) }) }
      case 'limit.fill': {
        // The position's whole margin: what the limit held, plus what the fill added at its price.
        const margin = n.amount(new Decimal(order.margin).plus(e.margin).toFixed())
        const positionNo = order.linkedOrderNo === null ? '' : String(order.linkedOrderNo)
        const text = t(order.pendingType === 'stop' ? 'recordStopFilled' : 'recordLimitFilled', { ...ref, ...lots, side: order.side, positionNo, margin, fee: n.amount(e.fee) })
        return { ...facts, event: 'limit_filled', text }
      }
      case 'trade.fee':
        return { ...facts, event: 'fee', text: t('recordFee', { orderNo: ref.orderNo, fee: n.amount(e.fee) }) }
      default:
        return base
    }

    function withdrawal(row: TransactionRow, ev: RecordEvent): TransactionRow {
      const id = ev.reference ?? ''
      const common = { ...row, withdrawalId: ev.reference }
      if (ev.reason === 'withdrawal.request')
        return { ...common, event: 'withdrawal_requested', text: t('recordWithdrawalRequested', { id, amount: n.amount(ev.locked) }) }
      if (ev.reason === 'withdrawal.rejected')
        return { ...common, event: 'withdrawal_rejected', text: t('recordWithdrawalRejected', { id, amount: n.amount(ev.available) }) }
      if (ev.reason === 'withdrawal.paid') {
        const sent = new Decimal(ev.locked).neg().minus(ev.fee).toFixed()
        return { ...common, event: 'withdrawal_paid', text: t('recordWithdrawalPaid', { id, sent: n.amount(sent), fee: n.amount(ev.fee) }) }
      }
      return common
    }
  }
}
