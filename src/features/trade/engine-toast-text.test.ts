// An engine toast names a close's P/L in the position's own margin currency, as the message of the same event does
// (server/modules/orders/engine-actions.ts), not always USDT; and its link carries the order's book.
import { beforeAll, describe, expect, it } from 'vitest'
import type { OrderUpdate } from '#contract/orders.ts'
import { activateLanguage, i18n, loadScreenMessages } from '../../lib/i18n.ts'
import { formatAmount, formatPrice, type Format } from '../../lib/format.ts'
import { engineToast } from './engine-toast-text.ts'

const f: Format = {
  locale: 'en-US',
  amount: (v, o) => formatAmount(v, 'en-US', o),
  price: (v, d) => formatPrice(v, 'en-US', d),
  percent: () => '',
  dateTime: () => '',
  day: () => '',
}
const lotsText = (lots: string) => `${lots} lots`

const closed: OrderUpdate = {
  orderNo: '41',
  kind: 'contract',
  status: 'closed',
  closeReason: 'take_profit',
  symbol: 'EURUSD',
  side: 'buy',
  lots: '0.5',
  price: '1.16640',
  profit: '12.5',
  book: 'live',
  currency: 'USDC',
}

describe('an engine toast', () => {
  beforeAll(async () => {
    await activateLanguage('en_US')
    await loadScreenMessages()
  })

  it('says the P/L in the position’s currency', () => {
    const shown = engineToast(closed, i18n, f, lotsText)
    expect(shown?.text).toBe('Take profit: Buy 0.5 lots EURUSD closed at 1.16640, P/L +12.50 USDC')
    expect(shown?.text).not.toContain('USDT')
  })

  it('links to the order in its own book', () => {
    expect(engineToast({ ...closed, closeReason: 'stop_out' }, i18n, f, lotsText)).toMatchObject({ hash: 'closed-41', book: 'live', place: 'history' })
  })

  it('says nothing of a close the user made', () => {
    expect(engineToast({ ...closed, closeReason: 'user' }, i18n, f, lotsText)).toBeNull()
  })
})
