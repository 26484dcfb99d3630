// The transaction record from the user's side: a round trip is two rows (opened with its fee, closed with its P/L),
// the balance is the available balance, the fee filter finds trading fees, and the CSV says the same with symbol,
// order and book columns.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RecordTotals, TransactionPage, TransactionRow } from '#contract/account.ts'
import type { Order } from '#contract/orders.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock, WEDNESDAY_15H } from '../orders/test-market.ts'
import { resetNetworks } from '../funds/test-funds.ts'
import { liveUser } from '../withdrawals/test-withdrawals.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now })
  await resetNetworks(app)
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [['EURUSD', '1.16628', '1.16640']])
})

const get = (url: string, token?: string, language = 'en_US') => call(app, 'GET', url, { token, headers: { language } })
const post = (url: string, token: string, body: unknown) => call(app, 'POST', url, { token, body, headers: { 'idempotency-key': randomUUID() } })
const record = async (token: string, qs = '', language?: string) => (await get(`/api/getMyTransactionRecord${qs}`, token, language)).body.data as TransactionPage
const shown = (rows: TransactionRow[]) => rows.map((r) => [r.event, r.text, r.amount, r.balanceAfter])

/** Buys 1 lot EURUSD at the ask 1.16640 (margin 233.28 at 1:500, fee 3.4992), then closes it at the bid 1.16618. */
async function roundTrip(token: string): Promise<string> {
  const opened = (await post('/api/createContractOrder', token, { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 })).body.data as Order
  await publishQuotes(app, [['EURUSD', '1.16618', '1.16630']])
  expect((await post('/api/closePositionOrder', token, { orderNo: opened.orderNo })).status).toBe(200)
  return opened.orderNo
}

describe('GET /api/getMyTransactionRecord', () => {
  it('shows one round trip as exactly two readable rows, with the available balance after each', async () => {
    const { token } = await signIn(app)
    const no = await roundTrip(token)
    const page = await record(token)
    expect(page.total).toBe(3)
    // (1.16618 − 1.16640) × 100 000 = −22 USDT; 10 000 − 233.28 − 3.4992 = 9 763.2208; + 233.28 − 22 = 9 974.5008.
    expect(shown(page.list)).toEqual([
      ['position_closed', `Closed #${no} EURUSD: P/L -22.00, margin 233.28 released`, '211.28', '9974.5008'],
      ['position_opened', `Bought 1 lot EURUSD #${no}: margin 233.28 held, fee 3.50`, '-236.7792', '9763.2208'],
      ['demo_funding', 'Demo funds', '10000', '10000'],
    ])
    expect(page.list[0]).toMatchObject({ kind: 'trade', orderNo: no, symbol: 'EURUSD', side: 'buy', lots: '1', profit: '-22', margin: '-233.28', fee: null, closeReason: 'user', book: 'demo' })
    expect(page.list[1]).toMatchObject({ orderNo: no, margin: '233.28', fee: '3.4992', profit: null })
  })

  it('tells the events in the caller\'s language, numbers included', async () => {
    const { token } = await signIn(app)
    const no = await roundTrip(token)
    const texts = (await record(token, '', 'de_DE')).list.map((r) => r.text)
    expect(texts[0]).toContain(`#${no}`)
    expect(texts[0]).toContain('-22,00')
    expect(texts[1]).toContain('233,28')
    expect(texts[1]).toContain('3,50')
  })

  it('finds trading fees with the Fee filter, and trades with the Trade filter', async () => {
    const { token } = await signIn(app)
    const no = await roundTrip(token)
    const fees = await record(token, '?kind=fee')
    expect(fees.list.map((r) => [r.event, r.orderNo, r.fee])).toEqual([['position_opened', no, '3.4992']])
    expect((await record(token, '?kind=trade')).total).toBe(2)
    expect((await record(token, '?kind=deposit')).total).toBe(0)
  })

  it('shows a limit order placed and cancelled as two rows, the margin held and then released', async () => {
    const { token } = await signIn(app)
    const placed = (await post('/api/createLimitOrder', token, { symbol: 'EURUSD', side: 'sell', lots: '0.5', leverage: 500, price: '1.18000' })).body.data as Order
    expect((await post('/api/cancelLimitOrder', token, { orderNo: placed.orderNo })).status).toBe(200)
    const rows = (await record(token, '?kind=trade')).list
    expect(rows.map((r) => [r.event, r.amount])).toEqual([
      ['limit_cancelled', placed.margin],
      ['limit_placed', `-${placed.margin}`],
    ])
    expect(rows[1]!.text).toBe(`Sell limit 0.5 lots EURUSD #${placed.orderNo} placed: margin 118.00 held`)
    expect(rows[0]!.text).toBe(`Limit order #${placed.orderNo} EURUSD cancelled: margin 118.00 released`)
  })

  it('pages by event, not by ledger entry', async () => {
    const { token } = await signIn(app)
    await roundTrip(token)
    const first = await record(token, '?page=1&size=2')
    const second = await record(token, '?page=2&size=2')
    expect(first.list.map((r) => r.event)).toEqual(['position_closed', 'position_opened'])
    expect(second).toMatchObject({ total: 3, list: [{ event: 'demo_funding' }] })
  })

  it.each(['kind=legs', 'page=0', 'size=1000', 'from=later'])('answers 400 for %s', async (qs) => {
    const { token } = await signIn(app)
    expect((await get(`/api/getMyTransactionRecord?${qs}`, token)).status).toBe(400)
  })

  it('shows a withdrawal asked as money leaving the available balance, never as +50', async () => {
    const { token } = await liveUser(app, '100')
    const DEST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const asked = await post('/api/submissionWithdrawDeposit', token, { amount: '50', currency: 'USDT', network: 'ERC20', address: DEST })
    expect(asked.status).toBe(200)
    const [row] = (await record(token)).list
    expect(row).toMatchObject({ event: 'withdrawal_requested', amount: '-50', balanceAfter: '50', book: 'live' })
    expect(row!.text).toContain('50.00')
  })

  it('answers 401 without a token', async () => {
    expect((await get('/api/getMyTransactionRecord')).status).toBe(401)
  })
})

describe('GET /api/getMyTransactionRecordStatic', () => {
  it('lists only the kinds the record holds, with the fees charged', async () => {
    const { token } = await signIn(app)
    await roundTrip(token)
    const totals = (await get('/api/getMyTransactionRecordStatic', token)).body.data as RecordTotals
    expect(totals.list).toEqual([
      { kind: 'demo_funding', currency: 'USDT', credit: '10000', debit: '0', net: '10000', count: 1 },
      { kind: 'fee', currency: 'USDT', credit: '0', debit: '3.4992', net: '-3.4992', count: 1 },
      { kind: 'trade', currency: 'USDT', credit: '211.28', debit: '236.7792', net: '-25.4992', count: 2 },
    ])
  })
})

describe('GET /api/exportTransactionRecord', () => {
  it('writes the same two rows with symbol, order and book columns', async () => {
    const { token } = await signIn(app)
    const no = await roundTrip(token)
    const res = await app.inject({ method: 'GET', url: '/api/exportTransactionRecord', headers: { authorization: token, language: 'en_US' } })
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe('time,event,description,symbol,order,side,lots,amount,fee,profit,currency,book,available_after')
    const cells = (line: string) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(1)
    expect(lines.slice(1, 4).map(cells)).toEqual([
      ['position_closed', `"Closed #${no} EURUSD: P/L -22.00, margin 233.28 released"`, 'EURUSD', no, 'buy', '1', '211.28', '', '-22', 'USDT', 'demo', '9974.5008'],
      ['position_opened', `"Bought 1 lot EURUSD #${no}: margin 233.28 held, fee 3.50"`, 'EURUSD', no, 'buy', '1', '-236.7792', '3.4992', '', 'USDT', 'demo', '9763.2208'],
      ['demo_funding', 'Demo funds', '', '', '', '', '10000', '', '', 'USDT', 'demo', '10000'],
    ])
    expect(lines.slice(4)).toEqual([''])
  })
})
