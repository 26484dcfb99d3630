// Contract orders through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): open, close, the trade
// account, and every refusal a user can meet. Quotes come through the real bus.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Order, OrderPage, TradeAccount } from '#contract/orders.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { sql } from 'drizzle-orm'
import { dec } from '#contract/trading-math.ts'
import { postJournal } from '../../ledger/post.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { houseLeg, userLeg } from './orders.money.ts'
import { instrumentBySymbol } from '../../market/catalogue.ts'
import { upsertWalletUser } from '../auth/users.repository.ts'
import { openOrders, type Opened } from './orders.money-open.ts'
import { pricingOf } from './orders.service.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { publishQuotes, testClock, WEDNESDAY_15H, WEDNESDAY_22H } from './test-market.ts'

const clock = testClock()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, marginCallLevel: '120', stopOutLevel: '60' })
})
afterAll(() => app?.close())
beforeEach(async () => {
  clock.set(WEDNESDAY_15H)
  await publishQuotes(app, [
    ['EURUSD', '1.16628', '1.16640'],
    ['BTCUSDT', '95000.00', '95010.00'],
    ['AAPL', '230.00', '230.04'],
  ])
})

const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
const get = (url: string, token?: string) => call(app, 'GET', url, { token })
const account = async (token: string) => (await get('/api/getTradeAccount', token)).body.data as TradeAccount
const eurusd = { symbol: 'EURUSD', side: 'buy', lots: '1', leverage: 500 }

describe('POST /api/createContractOrder', () => {
  it('buys 1 lot EURUSD at the ask 1.16640 with leverage 500: 233.28 USDT margin and the 3.4992 fee', async () => {
    const { token } = await signIn(app)
    const res = await post('/api/createContractOrder', token, { ...eurusd, takeProfit: '1.17000', stopLoss: '1.16000' })
    expect(res.status).toBe(200)
    const order = res.body.data as Order
    expect(order).toMatchObject({ kind: 'contract', book: 'demo', status: 'open', openPrice: '1.1664', lastPrice: '1.16628', margin: '233.28', fee: '3.4992', takeProfit: '1.17', stopLoss: '1.16', openTime: WEDNESDAY_15H })
    // Floating at the bid: (1.16628 − 1.16640) × 100 000 = −12 USDT, −1.2 pips.
    expect(order).toMatchObject({ profit: '-12', pips: '-1.2' })
    expect(await account(token)).toEqual({
      book: 'demo', currency: 'USDT', balance: '9996.5008', floatingProfit: '-12', equity: '9984.5008', margin: '233.28',
      reserved: '0', available: '9763.2208', freeMargin: '9751.2208', marginLevel: '4280.05', floatingInFreeMargin: 'loss_only',
      marginCallLevel: '120', stopOutLevel: '60',
    })
    const open = (await get('/api/getContractOrderList', token)).body.data as OrderPage
    expect(open.list.map((o) => o.orderNo)).toEqual([order.orderNo])
    const record = (await get('/api/getMyTransactionRecord', token)).body.data as { list: { text: string; amount: string }[] }
    // One row: margin and fee leave what is available.
    expect(record.list[0]).toMatchObject({ text: `Bought 1 lot EURUSD #${order.orderNo}: margin 233.28 held, fee 3.50`, amount: '-236.7792' })
  })

  it('answers the first outcome again for a repeated Idempotency-Key, and opens one position', async () => {
    const { token } = await signIn(app)
    const key = randomUUID()
    const first = await post('/api/createContractOrder', token, eurusd, key)
    const again = await post('/api/createContractOrder', token, eurusd, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(((await get('/api/getContractOrderList', token)).body.data as OrderPage).total).toBe(1)
    expect((await account(token)).margin).toBe('233.28')
  })

  it.each([
    [{ ...eurusd, lots: '0' }, 'lots'],
    [{ ...eurusd, lots: '0.015' }, 'Lots for EURUSD go from 0.01 to 100 in steps of 0.01'],
    [{ ...eurusd, lots: '101' }, 'Lots for EURUSD go from 0.01 to 100 in steps of 0.01'],
    [{ ...eurusd, leverage: 300 }, 'Leverage 300 is not offered for EURUSD; choose one of 1, 10, 20, 50, 100, 200, 500'],
    [{ ...eurusd, side: 'long' }, 'side'],
    [{ ...eurusd, quotedPrice: '1.16640' }, 'Send the quoted price and the accepted slippage together, or neither'],
  ])('answers 400 for %j and opens nothing', async (body, says) => {
    const { token } = await signIn(app)
    const res = await post('/api/createContractOrder', token, body)
    expect(res.status).toBe(400)
    expect(res.body.msg).toContain(says)
    expect((await account(token)).balance).toBe('10000')
  })

  it('refuses a take profit or stop loss on the wrong side of the price (400)', async () => {
    const { token } = await signIn(app)
    for (const stops of [{ takeProfit: '1.16600' }, { stopLoss: '1.16700' }, { takeProfit: '1.16628' }]) {
      const res = await post('/api/createContractOrder', token, { ...eurusd, ...stops })
      expect(res.body).toEqual({ code: 400, msg: 'unreasonable price setting for stop profit and stop loss', data: null })
    }
    const sell = await post('/api/createContractOrder', token, { ...eurusd, side: 'sell', takeProfit: '1.17000' })
    expect(sell.status).toBe(400)
  })

  it('answers 404 for an instrument that is not in the catalogue', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/createContractOrder', token, { ...eurusd, symbol: 'NOPE' })).body).toMatchObject({ code: 404, msg: 'Unknown instrument: NOPE' })
  })

  it('answers 401 without a token and 400 without an Idempotency-Key', async () => {
    expect((await post('/api/createContractOrder', undefined, eurusd)).status).toBe(401)
    const { token } = await signIn(app)
    expect((await post('/api/createContractOrder', token, eurusd, null)).body.msg).toBe(serverMessages.idempotencyKeyRequired.message)
  })

  it('refuses a stock outside US trading hours (409), with a clear message', async () => {
    const { token } = await signIn(app)
    clock.set(WEDNESDAY_22H)
    const res = await post('/api/createContractOrder', token, { symbol: 'AAPL', side: 'buy', lots: '1', leverage: 5 })
    expect(res.body).toEqual({ code: 409, msg: 'The market for AAPL is closed now', data: null })
  })

  it('refuses an order the free margin cannot cover (409), counting floating losses', async () => {
    const { token } = await signIn(app)
    const big = await post('/api/createContractOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '1', leverage: 1 })
    expect(big.body).toMatchObject({ code: 409, msg: expect.stringContaining('Not enough free margin') })
    // 0.09 BTC at 95 010 holds 8 550.9 USDT, leaving about 1 445 available; then BTC falls 900.9 USDT: the free
    // margin is about 544, so an order needing 585 is refused although `available` alone would cover it.
    const held = await post('/api/createContractOrder', token, { symbol: 'BTCUSDT', side: 'buy', lots: '0.09', leverage: 1 })
    expect(held.status).toBe(200)
    await publishQuotes(app, [['BTCUSDT', '85000.00', '85010.00'], ['EURUSD', '1.16628', '1.16640']])
    const before = await account(token)
    expect(before).toMatchObject({ floatingProfit: '-900.9', freeMargin: '543.92455' })
    const res = await post('/api/createContractOrder', token, { ...eurusd, lots: '0.5', leverage: 100 })
    expect(res.body).toMatchObject({ code: 409, msg: 'Not enough free margin: this order needs 584.9496 USDT and 543.92455 USDT is free' })
    expect(await account(token)).toEqual(before)
  })

  it('answers 409 priceMoved when the fill is further from the quoted price than the accepted slippage', async () => {
    const { token } = await signIn(app)
    const moved = await post('/api/createContractOrder', token, { ...eurusd, quotedPrice: '1.16600', maxSlippage: '0.00020' })
    expect(moved.body).toMatchObject({ code: 409, msg: expect.stringContaining('1.1664') })
    const within = await post('/api/createContractOrder', token, { ...eurusd, quotedPrice: '1.16630', maxSlippage: '0.00020' })
    expect(within.status).toBe(200)
  })

  it('answers 409 when no quote has been heard for the instrument yet', async () => {
    const { token } = await signIn(app)
    expect((await post('/api/createContractOrder', token, { symbol: 'ETHUSDT', side: 'buy', lots: '1', leverage: 10 })).body).toMatchObject({ code: 409 })
  })
})

describe('POST /api/closePositionOrder', () => {
  async function opened(side = 'buy') {
    const { token } = await signIn(app)
    const order = (await post('/api/createContractOrder', token, { ...eurusd, side })).body.data as Order
    return { token, orderNo: order.orderNo }
  }

  it('closes a buy at the bid and settles the profit against the house', async () => {
    const { token, orderNo } = await opened()
    await publishQuotes(app, [['EURUSD', '1.16828', '1.16840']])
    const res = await post('/api/closePositionOrder', token, { orderNo })
    expect(res.body.data).toMatchObject({ status: 'closed', closePrice: '1.16828', profit: '188', pips: '18.8', closeReason: 'user', closeTime: WEDNESDAY_15H })
    expect(await account(token)).toMatchObject({ balance: '10184.5008', margin: '0', marginLevel: null })
    const closed = (await get('/api/getContractOrderList?status=closed', token)).body.data as OrderPage
    expect(closed.list.map((o) => o.orderNo)).toEqual([orderNo])
    expect(((await get('/api/getContractOrderList', token)).body.data as OrderPage).total).toBe(0)
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('closes a sell at the ask and takes the loss', async () => {
    const { token, orderNo } = await opened('sell')
    await publishQuotes(app, [['EURUSD', '1.16728', '1.16740']])
    const res = await post('/api/closePositionOrder', token, { orderNo })
    // Sold at the bid 1.16628, bought back at the ask 1.16740: −112 USDT.
    expect(res.body.data).toMatchObject({ closePrice: '1.1674', profit: '-112' })
    expect((await account(token)).balance).toBe('9884.50116')
  })

  it('answers the first outcome for a repeated key, and 409 for a second close with a new key', async () => {
    const { token, orderNo } = await opened()
    const key = randomUUID()
    const first = await post('/api/closePositionOrder', token, { orderNo }, key)
    expect((await post('/api/closePositionOrder', token, { orderNo }, key)).body).toEqual(first.body)
    expect((await post('/api/closePositionOrder', token, { orderNo })).body).toEqual({ code: 409, msg: 'This position is already closed', data: null })
    expect((await account(token)).balance).toBe('9984.5008')
  })

  it("answers 404 for another user's position and changes nothing", async () => {
    const { orderNo } = await opened()
    const other = await signIn(app)
    expect((await post('/api/closePositionOrder', other.token, { orderNo })).body).toEqual({ code: 404, msg: 'Order not found', data: null })
    expect((await post('/api/closePositionOrder', other.token, { orderNo: '99999999999' })).status).toBe(404)
  })

  it('answers 400 for a malformed order number and 401 without a token', async () => {
    const { token, orderNo } = await opened()
    expect((await post('/api/closePositionOrder', token, { orderNo: 'abc' })).status).toBe(400)
    expect((await post('/api/closePositionOrder', undefined, { orderNo })).status).toBe(401)
  })

  it('refuses to close a stock position while its market is closed (409)', async () => {
    const { token } = await signIn(app)
    const order = (await post('/api/createContractOrder', token, { symbol: 'AAPL', side: 'buy', lots: '1', leverage: 5 })).body.data as Order
    clock.set(WEDNESDAY_22H)
    expect((await post('/api/closePositionOrder', token, { orderNo: order.orderNo })).body).toMatchObject({ code: 409, msg: 'The market for AAPL is closed now' })
  })
})

describe("an open's fee", () => {
  /** What the house's fees accounts took for this order, over every journal about it. */
  const feesTaken = async (orderNo: string | bigint) => {
    const { rows } = (await app.db.execute(sql`
      SELECT coalesce(sum(e.amount), 0)::text AS fee FROM journals j JOIN entries e ON e.journal_id = j.id
        JOIN accounts a ON a.id = e.account_id
      WHERE j.reference = ${String(orderNo)} AND j.kind = 'trade' AND a.owner_id IS NULL AND a.kind = 'fees'`)) as unknown as { rows: { fee: string }[] }
    return dec(rows[0]!.fee).toFixed()
  }

  it('is the house\'s in the open\'s own journal, and a close the open\'s process never saw charges it no second time', async () => {
    const { token, wallet } = await signIn(app)
    const user = await upsertWalletUser(app.db, wallet.address, new Date())
    const inst = instrumentBySymbol('EURUSD')!
    const key = randomUUID()
    const input = { kind: 'contract', userId: user.id, book: 'demo', inst, side: 'buy', lots: '1', leverage: 500, margin: dec('233.28'), fee: dec('3.4992'), price: dec('1.16640'), now: app.now(), key } as const
    const [opened] = await app.db.transaction((tx) => openOrders(tx, [input], pricingOf(app)))
    const { row } = opened as Opened
    // The open committed with its fee, and its row says so: whichever process closes it reads that there.
    expect(row.feePosted).toBe(true)
    expect(await account(token)).toMatchObject({ balance: '9996.5008', margin: '233.28' })
    // One journal: available pays margin and fee, the margin account holds the margin, the house has the fee.
    const { rows: legs } = (await app.db.execute(sql`
      SELECT a.kind, e.amount::text AS amount FROM journals j JOIN entries e ON e.journal_id = j.id JOIN accounts a ON a.id = e.account_id
      WHERE j.idempotency_key = ${key} ORDER BY e.id`)) as unknown as { rows: { kind: string; amount: string }[] }
    expect(legs.map((l) => [l.kind, dec(l.amount).toFixed()])).toEqual([['available', '-236.7792'], ['margin', '233.28'], ['fees', '3.4992']])
    expect(await feesTaken(row.id)).toBe('3.4992')
    expect((await post('/api/closePositionOrder', token, { orderNo: String(row.id) })).status).toBe(200)
    expect(await account(token)).toMatchObject({ balance: '9984.5008', margin: '0' })
    expect(await feesTaken(row.id)).toBe('3.4992')
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('an earlier version left in the margin account goes to the house at the close, once', async () => {
    const { token, wallet } = await signIn(app)
    const user = await upsertWalletUser(app.db, wallet.address, new Date())
    const order = (await post('/api/createContractOrder', token, eurusd)).body.data as Order
    // The row as a version before 0022 left it: its fee still in the user's margin account (this journal takes it
    // back from the house), the row unmarked.
    await postJournal(app.db, {
      kind: 'trade',
      reason: 'transfer',
      reference: order.orderNo,
      idempotencyKey: randomUUID(),
      userId: user.id,
      legs: [houseLeg('demo', 'fees', 'USDT', dec('-3.4992')), userLeg(user.id, 'demo', 'margin', 'USDT', dec('3.4992'))],
    })
    await app.db.execute(sql`UPDATE orders SET fee_posted = false WHERE id = ${order.orderNo}`)
    // The fee is still counted in the book's balance, as such a row left it.
    expect(await account(token)).toMatchObject({ balance: '10000', margin: '233.28' })
    expect((await post('/api/closePositionOrder', token, { orderNo: order.orderNo })).status).toBe(200)
    expect(await account(token)).toMatchObject({ balance: '9984.5008', margin: '0' })
    expect(await feesTaken(order.orderNo)).toBe('3.4992')
    // Closed once: a second close changes nothing.
    expect((await post('/api/closePositionOrder', token, { orderNo: order.orderNo })).body.code).toBe(409)
    expect(await feesTaken(order.orderNo)).toBe('3.4992')
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('opens that arrive together (one transaction)', () => {
  it('checks each against its book as the ones before it left it, floating loss included, and answers a repeated key with its row', async () => {
    const { token, wallet } = await signIn(app)
    const user = await upsertWalletUser(app.db, wallet.address, new Date())
    const inst = instrumentBySymbol('EURUSD')!
    const open = (key: string) =>
      ({ kind: 'contract', userId: user.id, book: 'demo', inst, side: 'buy', lots: '1', leverage: 500, margin: dec('233.28'), fee: dec('3.4992'), price: dec('1.16640'), now: app.now(), key }) as const
    // Each takes 236.7792 and opens 12 under water: 10 000 covers 40 (the ledger alone would allow 42).
    const inputs = Array.from({ length: 45 }, () => open(randomUUID()))
    inputs.splice(1, 0, open(inputs[0]!.key))
    const answers = await app.db.transaction((tx) => openOrders(tx, inputs, pricingOf(app)))
    const opened = answers.filter((a): a is Opened => !(a instanceof Error))
    expect(opened).toHaveLength(41)
    // The repeated key is answered with the first one's row, and posts nothing.
    expect(opened[1]).toEqual({ row: opened[0]!.row, posted: null })
    expect(answers.slice(41).map((a) => (a as { messageKey?: string }).messageKey)).toEqual(Array(5).fill('insufficientMargin'))
    expect(await account(token)).toMatchObject({ margin: '9331.2', freeMargin: '48.832' })
    expect((await reconcile(app.db)).ok).toBe(true)
  })
})

describe('GET /api/getTradeAccount and the lists', () => {
  it('answers 401 without a token', async () => {
    for (const path of ['getTradeAccount', 'getContractOrderList', 'getLimitOrderList', 'getAllOrderList', 'getLimitOrder?orderNo=1']) {
      expect((await get(`/api/${path}`)).status).toBe(401)
    }
  })

  it('answers 400 for a bad page or status', async () => {
    const { token } = await signIn(app)
    expect((await get('/api/getContractOrderList?status=pending', token)).status).toBe(400)
    expect((await get('/api/getAllOrderList?size=1000', token)).status).toBe(400)
  })

  it("lists only the current book's orders: the live book starts empty", async () => {
    const { token } = await signIn(app)
    await post('/api/createContractOrder', token, eurusd)
    expect(((await get('/api/getAllOrderList', token)).body.data as OrderPage).total).toBe(1)
    await post('/api/updateAccountType', token, { accountType: 'live' })
    expect((await get('/api/getAllOrderList', token)).body.data).toEqual({ list: [], total: 0, page: 1, size: 20 })
    expect((await post('/api/createContractOrder', token, eurusd)).body).toMatchObject({ code: 409 })
  })

  it('closes a demo position after a switch to the live book, settling it in the demo book', async () => {
    const { token } = await signIn(app)
    const order = (await post('/api/createContractOrder', token, eurusd)).body.data as Order
    await post('/api/updateAccountType', token, { accountType: 'live' })
    const closed = await post('/api/closePositionOrder', token, { orderNo: order.orderNo })
    expect(closed.body.data).toMatchObject({ orderNo: order.orderNo, status: 'closed', book: 'demo', profit: '-12' })
    await post('/api/updateAccountType', token, { accountType: 'demo' })
    // 10 000 less the 3.4992 fee and the 12 lost at the bid; no margin held.
    expect(await account(token)).toMatchObject({ balance: '9984.5008', margin: '0', available: '9984.5008' })
  })
})
