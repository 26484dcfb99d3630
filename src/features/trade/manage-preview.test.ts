import { describe, expect, it } from 'vitest'
import type { Instrument } from '#contract/markets.ts'
import type { Order, TradeAccount } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { dec } from '#contract/trading-math.ts'
import { closeAllPreview, editLimitPreview, isBeyondStopOut, partialPreview, stopsPreview } from './manage-preview.ts'
import type { Market } from './preview.ts'

const EURUSD: Instrument = {
  pid: 1, symbol: 'EURUSD', name: 'Euro / US Dollar', class: 'forex', contractSize: '100000', digits: 5, pipSize: '0.0001',
  lotMin: '0.01', lotMax: '100', lotStep: '0.01', leverages: [1, 100, 500], marginCurrency: 'USDT', marginMode: 'forex',
  baseCurrency: 'EUR', quoteCurrency: 'USD', feeRate: '0.0001', spread: '0.00012', hours: '24x5',
}
const t: Ticker = { symbol: 'EURUSD', bid: '1.16700', ask: '1.16712', time: 1, simulated: true }
const market: Market = { instrument: (s) => (s === 'EURUSD' ? EURUSD : undefined), quote: (s) => (s === 'EURUSD' ? t : undefined), quotes: [t] }
// After buying 1 lot at 1.16640 (margin 233.28, fee 3.4992 paid): the server's trade account.
const account: TradeAccount = {
  book: 'demo', currency: 'USDT', balance: '9996.5008', floatingProfit: '60', equity: '10056.5008', margin: '233.28', reserved: '0',
  available: '9763.2208', freeMargin: '9763.2208', marginLevel: null, floatingInFreeMargin: 'loss_only', marginCallLevel: '100', stopOutLevel: '50',
}
const position: Order = {
  orderNo: '1', kind: 'contract', book: 'demo', symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500, status: 'open', pendingType: null, limitPrice: null,
  openPrice: '1.1664', closePrice: null, lastPrice: '1.167', takeProfit: null, stopLoss: null, margin: '233.28', fee: '3.4992', profit: '60',
  pips: '6', openTime: 1, closeTime: null, createTime: 1, closeReason: null, closeMarginLevel: null, linkedOrderNo: null,
}

describe('the manage sheets’ figures', () => {
  it('closing 0.4 of 1 lot realises +24 and frees 93.312 of margin; the rest keeps its floating +36', () => {
    const p = partialPreview(position, '0.4', account, [position], market)!
    expect(p.realised.toFixed()).toBe('24')
    expect([p.before.margin.toFixed(), p.after.margin.toFixed()]).toEqual(['233.28', '139.968'])
    // Loss only: a floating gain is not free margin; the realised 24 is cash now.
    expect([p.before.freeMargin.toFixed(), p.after.freeMargin.toFixed()]).toEqual(['9763.2208', '9880.5328'])
    expect(p.after.floating.toFixed()).toBe('36')
    // Less held, more cash: the stop-out price of the buy moves further down.
    expect(p.stopOut!.lt(stopsPreview(position, account, [position], market)!.stopOut!)).toBe(true)
  })

  it('closing all realises +60, frees the whole margin, and leaves no stop-out price', () => {
    const p = closeAllPreview([position], account, [position], market)!
    expect([p.realised.toFixed(), p.after.margin.toFixed(), p.after.freeMargin.toFixed(), p.stopOut]).toEqual(['60', '0', '10056.5008', null])
  })

  it('a TP/SL change moves no money; an SL below the stop-out price of a buy is beyond it', () => {
    const p = stopsPreview(position, account, [position], market)!
    expect(p.after).toEqual(p.before)
    const stopOut = p.stopOut!
    const spread = dec('0.00012')
    expect(isBeyondStopOut('buy', dec('1.167'), stopOut.minus('0.001').toFixed(5), stopOut, spread)).toBe(true)
    expect(isBeyondStopOut('buy', dec('1.167'), stopOut.plus('0.001').toFixed(5), stopOut, spread)).toBe(false)
  })

  it('moving a 1-lot buy limit at 1.16000 (232 held) to 2 lots at 1.15000 holds 460 instead', () => {
    const limit: Order = { ...position, orderNo: '2', kind: 'limit', status: 'pending', limitPrice: '1.16', openPrice: null, margin: '232', fee: '0', profit: '0' }
    const held: TradeAccount = { ...account, balance: '10000', available: '9768', margin: '0', reserved: '232', floatingProfit: '0' }
    const p = editLimitPreview(limit, '1.15', '2', held, [], market)!
    expect(p.margin.toFixed()).toBe('460')
    expect([p.before.reserved.toFixed(), p.after.reserved.toFixed(), p.after.freeMargin.toFixed()]).toEqual(['232', '460', '9540'])
  })
})
