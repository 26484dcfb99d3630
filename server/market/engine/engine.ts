// The order engine (docs/trading.md): on the leading process only (its own advisory lock on PostgreSQL,
// the only process on PGlite), it checks every quote batch against sorted trigger indexes (trigger-index.ts) of TP,
// SL, pending limits and single-symbol stop-out prices, and re-checks multi-symbol accounts (stop-out.ts
// StopOutWatch) when one of their symbols ticks. The indexes are rebuilt from the database whenever this process
// becomes leader, and kept current from this process's own order events, a poll for rows other processes wrote, and
// every process's postings (book_changed: the owner's balance_update heard on the bus).
// What fires is done by server/modules/orders/engine-actions.ts, one transaction each, idempotent by order number.
// Batches are processed one after another (a chain), so a tick never races the previous one.
import type { FastifyInstance } from 'fastify'
import { bookFigures } from '#contract/trading-account.ts'
import { stopOutPrice } from '#contract/stop-out-price.ts'
import { closePrice, dec, MissingRateError, profit, ratesFromQuotes } from '#contract/trading-math.ts'
import type { Ticker } from '#contract/socket.ts'
import { bookBalances } from '../../ledger/books.ts'
import { closeByTrigger, fillLimit, stopOut } from '../../modules/orders/engine-actions.ts'
import { onOrdersChanged } from '../../modules/orders/order-events.ts'
import { liveOrders, liveOrdersAfter, openPositions, orderById } from '../../modules/orders/orders.repository.ts'
import type { OrderRow } from '../../modules/orders/orders.table.ts'
import type { ResolvedOptions } from '../../options.ts'
import { instrumentBySymbol } from '../catalogue.ts'
import { alwaysLeader, leadWithAdvisoryLock } from '../leader.ts'
import { equitySymbols, marginStatus, StopOutWatch, stopOutTrigger, stopOutTriggerId } from './stop-out.ts'
import { TriggerIndex, type Triggered } from './trigger-index.ts'

/** Orders numbered this far below the highest seen are polled again: a transaction that took its number earlier
 * may commit later. */
const POLL_WINDOW = 2000n

type Book = OrderRow['book']
/** A book as the engine last read it: the ledger's two accounts (trading-account.ts), their sum, the positions. */
type Account = { userId: string; book: Book; available: string; marginAccount: string; balance: string; positions: OrderRow[] }
/** `dirty`: accounts whose orders changed since their last refresh; refreshed once per batch, however many changed. */
type State = { index: TriggerIndex; watch: StopOutWatch; accounts: Map<string, Account>; dirty: Map<string, [string, Book]>; maxId: bigint }

const accountIdOf = (userId: string, book: Book) => `${userId}:${book}`
const digitsOf = (symbol: string) => instrumentBySymbol(symbol)?.digits ?? 8

export type Engine = { stop: () => Promise<void>; idle: () => Promise<void>; isLeader: () => boolean }
const engines = new WeakMap<FastifyInstance, Engine>()
/** The app's engine (tests await `idle()` after publishing quotes). */
export const engineOf = (app: FastifyInstance) => engines.get(app)

export function startEngine(app: FastifyInstance, conf: ResolvedOptions): Engine {
  const leadership = conf.databaseUrl ? leadWithAdvisoryLock(conf.databaseUrl, conf.engineLockKey, conf.leaderRetryMs, app.log) : alwaysLeader()
  let state: State | null = null
  let chain: Promise<void> = Promise.resolve()
  let stopped = false
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => app.log.error({ err: error }, 'order engine step failed'))
  }

  /** Indexes one row as it is now: an open position's TP and SL, a pending limit's or stop's price, nothing once it is done. */
  function index(s: State, row: OrderRow) {
    const id = String(row.id)
    s.index.remove(id)
    if (row.id > s.maxId) s.maxId = row.id
    if (row.status === 'open') {
      if (row.takeProfit) s.index.add({ id, symbol: row.symbol, kind: 'tp', side: row.side, level: dec(row.takeProfit).toFixed() })
      if (row.stopLoss) s.index.add({ id, symbol: row.symbol, kind: 'sl', side: row.side, level: dec(row.stopLoss).toFixed() })
    } else if (row.status === 'pending' && row.limitPrice) {
      s.index.add({ id, symbol: row.symbol, kind: row.pendingType === 'stop' ? 'stop' : 'limit', side: row.side, level: dec(row.limitPrice).toFixed() })
    }
  }

  /** Reloads an account from the database and replaces its stop-out watch: a trigger price for one symbol, the
   * StopOutWatch for several. */
  async function refresh(s: State, userId: string, book: Book) {
    const id = accountIdOf(userId, book)
    const [balances, positions] = await Promise.all([bookBalances(app.db, userId, book), openPositions(app.db, userId, book)])
    s.index.remove(stopOutTriggerId(id))
    s.watch.delete(id)
    // TP and SL as they are now: another process may have changed them (manage.service.ts modifyOrderStops).
    for (const p of positions) index(s, p)
    if (positions.length === 0) return void s.accounts.delete(id)
    const usdt = balances.currencies.find((c) => c.currency === 'USDT')
    const available = usdt?.available ?? '0'
    const marginAccount = usdt?.inUse ?? '0'
    const acc: Account = { userId, book, available, marginAccount, balance: dec(available).plus(marginAccount).toFixed(), positions }
    s.accounts.set(id, acc)
    const instruments = positions.map((p) => instrumentBySymbol(p.symbol)!)
    const symbols = equitySymbols(instruments, (symbol) => app.quotes.get(symbol) !== undefined)
    if (symbols.size > 1) return s.watch.set(id, symbols)
    const [symbol] = symbols
    const quote = symbol ? app.quotes.get(symbol) : undefined
    if (!symbol || !quote) return
    const price = stopOutPrice({
      balance: acc.balance,
      positions: positions.map((p) => ({ instrument: instrumentBySymbol(p.symbol)!, side: p.side, lots: p.lots, openPrice: p.openPrice!, margin: p.margin })),
      quotes: app.quotes,
      stopOutLevel: conf.stopOutLevel,
      instrument: instrumentBySymbol(symbol)!,
    })
    const trigger = stopOutTrigger(id, symbol, digitsOf(symbol), price, quote.bid)
    if (trigger) s.index.add(trigger)
  }

  /** Whether an account's margin level, at the last quotes, is below the stop-out level (from its cached state). */
  function isStoppedOut(acc: Account): boolean {
    const rates = ratesFromQuotes(app.quotes)
    const positions = []
    for (const p of acc.positions) {
      const quote = app.quotes.get(p.symbol)
      if (!quote) return false
      try {
        positions.push({ margin: p.margin, profit: profit(instrumentBySymbol(p.symbol)!, p.side, p.lots, p.openPrice!, closePrice(p.side, quote), rates) })
      } catch (error) {
        // A conversion no quote prices yet: the account is judged once it is quoted.
        if (error instanceof MissingRateError) return false
        throw error
      }
    }
    const level = bookFigures({ available: acc.available, marginAccount: acc.marginAccount, positions, floatingInFree: conf.floatingInFreeMargin }).marginLevel
    return marginStatus(level, { marginCall: conf.marginCallLevel, stopOut: conf.stopOutLevel }) === 'stop_out'
  }

  async function rebuild(): Promise<State> {
    const s: State = { index: new TriggerIndex(digitsOf), watch: new StopOutWatch(), accounts: new Map(), dirty: new Map(), maxId: 0n }
    const rows = await liveOrders(app.db)
    const books = new Map<string, [string, Book]>()
    for (const row of rows) {
      index(s, row)
      if (row.status === 'open') books.set(accountIdOf(row.userId, row.book), [row.userId, row.book])
    }
    for (const [userId, book] of books.values()) await refresh(s, userId, book)
    app.log.info({ orders: rows.length, accounts: books.size }, 'order engine indexes rebuilt')
    return s
  }

  async function current(): Promise<State | null> {
    if (stopped || !leadership.isLeader()) return (state = null)
    state ??= await rebuild()
    return state
  }

  /** Rows that changed (events of this process, results of the engine's own actions): re-indexed now, their
   * accounts refreshed with the next batch. */
  function apply(s: State, rows: OrderRow[]) {
    for (const row of rows) {
      index(s, row)
      if (row.kind === 'contract') s.dirty.set(accountIdOf(row.userId, row.book), [row.userId, row.book])
    }
  }

  async function refreshDirty(s: State) {
    const dirty = [...s.dirty.values()]
    s.dirty.clear()
    for (const [userId, book] of dirty) {
      await refresh(s, userId, book).catch((error: unknown) => {
        // Tried again with the next batch (a missing conversion quote, a lost connection).
        s.dirty.set(accountIdOf(userId, book), [userId, book])
        app.log.warn({ err: error, userId, book }, 'order engine could not refresh an account')
      })
    }
  }

  async function act(s: State, fired: Triggered) {
    if (fired.kind === 'stop_out') return
    const id = BigInt(fired.id)
    try {
      const out = fired.kind === 'limit' || fired.kind === 'stop' ? await fillLimit(app, id, fired.price) : await closeByTrigger(app, id, fired.kind === 'tp' ? 'take_profit' : 'stop_loss', fired.price)
      apply(s, out.rows)
    } catch (error) {
      // Nothing was done (one transaction): the row goes back into the index and fires again on the next tick.
      app.log.error({ err: error, orderNo: fired.id }, 'order engine could not act on a trigger')
      const row = await orderById(app.db, id).catch(() => undefined)
      if (row) index(s, row)
    }
  }

  async function onBatch(batch: Ticker[]) {
    const s = await current()
    if (!s) return
    if (app.dbKind === 'pg') {
      const floor = s.maxId > POLL_WINDOW ? s.maxId - POLL_WINDOW : 0n
      const known = (row: OrderRow) => s.index.has(String(row.id)) || s.accounts.get(accountIdOf(row.userId, row.book))?.positions.some((p) => p.id === row.id)
      const fresh = await liveOrdersAfter(app.db, floor).catch((error: unknown) => {
        app.log.warn({ err: error }, 'order engine could not poll new orders')
        return []
      })
      apply(s, fresh.filter((row) => !known(row)))
    }
    await refreshDirty(s)
    const candidates = new Set<string>()
    for (const ticker of batch) {
      for (const fired of s.index.collect(ticker.symbol, ticker.bid, ticker.ask)) {
        if (fired.kind !== 'stop_out') await act(s, fired)
        else {
          // The fired trigger left the index: the refresh puts the account's current one back.
          const id = fired.id.slice('stop_out:'.length)
          const acc = s.accounts.get(id)
          if (acc) s.dirty.set(id, [acc.userId, acc.book])
          candidates.add(id)
        }
      }
      for (const id of s.watch.accountsFor(ticker.symbol)) candidates.add(id)
    }
    for (const id of candidates) {
      const acc = s.accounts.get(id)
      if (!acc || !isStoppedOut(acc)) continue
      try {
        apply(s, (await stopOut(app, acc.userId, acc.book)).rows)
      } catch (error) {
        app.log.error({ err: error, account: id }, 'order engine could not stop an account out')
        s.dirty.set(id, [acc.userId, acc.book])
      }
    }
    await refreshDirty(s)
  }

  // One step waits at most: quotes heard while it waits join it, the latest per symbol, so a slow step (a busy
  // database) never builds a queue of stale ticks behind it.
  let waiting: Map<string, Ticker> | null = null
  const stopQuotes = app.quotes.onBatch((batch) => {
    if (waiting) return void batch.forEach((t) => waiting!.set(t.symbol, t))
    const next = (waiting = new Map(batch.map((t) => [t.symbol, t])))
    enqueue(() => {
      waiting = null
      return onBatch([...next.values()])
    })
  })
  const stopEvents = onOrdersChanged(app, (rows) => {
    if (state) apply(state, rows)
  })
  // A posting on any process (a close, a withdrawal, a deposit) marks the book stale, and the refresh runs at once as
  // a step of its own, between ticks: the next tick finds the book fresh instead of paying for the reads
  // (npm run bench:engine). Stale books heard together share one step; a tick already queued behind it still waits.
  let refreshQueued = false
  const stopBooks = app.hub.onBookChanged((userId, book) => {
    const id = accountIdOf(userId, book)
    if (!state?.accounts.has(id)) return
    state.dirty.set(id, [userId, book])
    if (refreshQueued) return
    refreshQueued = true
    enqueue(async () => {
      refreshQueued = false
      if (state && !stopped) await refreshDirty(state)
    })
  })

  const engine: Engine = {
    isLeader: leadership.isLeader,
    async idle() {
      for (let seen = chain; ; seen = chain) {
        await seen
        if (seen === chain) return
      }
    },
    async stop() {
      stopped = true
      stopQuotes()
      stopEvents()
      stopBooks()
      await engine.idle()
      await leadership.stop()
    },
  }
  engines.set(app, engine)
  return engine
}
