// Binance's public market data over WebSocket: the combined stream of `<symbol>@bookTicker`, the best bid and ask of
// each symbol, pushed on every change (https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams).
// Updates are kept per symbol and published as one batch per batchMs, with the catalogue's digits and
// simulated: false. The leader alone holds the connection; a dropped or silent stream is reopened with exponential
// backoff and jitter, and the backoff is reset only by a good message, so a server that accepts and drops at once is
// not hammered.
import Decimal from 'decimal.js'
import WebSocket, { type RawData } from 'ws'
import type { Ticker } from '#contract/socket.ts'
import type { Feed, FeedContext } from './feed.ts'

export const BINANCE_URL = 'wss://stream.binance.com:9443'
const DAY_MS = 24 * 60 * 60 * 1000

export type FeedInstrument = { symbol: string; digits: number }

export type BinanceFeedOptions = FeedContext & {
  /** Base URL (MARKET_FEED_URL): the stream path and query are added here. */
  url: string
  instruments: readonly FeedInstrument[]
  /** Quotes this process already knows (the bus's book), so a new leader keeps the day's reference price. */
  lastTickers?: () => Ticker[] | null
  batchMs?: number
  /** First reconnect delay; doubled per failed attempt up to maxBackoffMs. */
  backoffMs?: number
  maxBackoffMs?: number
  /** A connection that brings nothing for this long is presumed dead and reopened. */
  staleMs?: number
}

export const streamUrl = (base: string, symbols: readonly string[]) =>
  `${base.replace(/\/+$/, '')}/stream?streams=${symbols.map((s) => `${s.toLowerCase()}@bookTicker`).join('/')}`

const PRICE = /^\d{1,20}(\.\d{1,20})?$/

/** One bookTicker message of the combined stream, or null when it is anything else. */
export function parseBookTicker(raw: string): { symbol: string; bid: Decimal; ask: Decimal } | null {
  let message: unknown
  try {
    message = JSON.parse(raw)
  } catch {
    return null
  }
  const data = (message as { data?: { s?: unknown; b?: unknown; a?: unknown } } | null)?.data
  if (typeof data?.s !== 'string' || typeof data.b !== 'string' || typeof data.a !== 'string') return null
  if (!PRICE.test(data.b) || !PRICE.test(data.a)) return null
  const bid = new Decimal(data.b)
  const ask = new Decimal(data.a)
  // An empty side is sent as 0; a crossed book is not a quote anyone can trade on.
  if (bid.lte(0) || ask.lt(bid)) return null
  return { symbol: data.s, bid, ask }
}

export function startBinanceFeed(options: BinanceFeedOptions): Feed {
  const { now, log } = options
  const batchMs = options.batchMs ?? 250
  const backoffMs = options.backoffMs ?? 500
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const staleMs = options.staleMs ?? 30_000
  const digits = new Map(options.instruments.map((i) => [i.symbol, i.digits]))
  const url = streamUrl(options.url, [...digits.keys()])
  const pending = new Map<string, Ticker>()
  /** The day's first mid per symbol: the reference the app's change is measured against. */
  const opens = new Map<string, { day: number; open: string }>()
  let socket: WebSocket | null = null
  let attempts = 0
  let retryAt = 0
  let lastHeard = 0
  let malformed = 0
  let stopped = false

  function openOf(symbol: string, mid: Decimal, places: number, time: number): string {
    const day = Math.floor(time / DAY_MS)
    let known = opens.get(symbol)
    if (!known) {
      // A simulated quote (the simulator ran before the switch) is no reference for a real price.
      const last = options.lastTickers?.()?.find((t) => t.symbol === symbol && !t.simulated)
      if (last?.open !== undefined && Math.floor(last.time / DAY_MS) === day) known = { day, open: last.open }
    }
    if (!known || known.day !== day) known = { day, open: mid.toFixed(places, Decimal.ROUND_HALF_UP) }
    opens.set(symbol, known)
    return known.open
  }

  function take(raw: RawData, isBinary: boolean) {
    lastHeard = performance.now()
    const quote = isBinary ? null : parseBookTicker(raw.toString())
    const places = quote ? digits.get(quote.symbol) : undefined
    if (!quote || places === undefined) {
      // Once per connection in the log; a feed that changed its format shows up there without flooding it.
      if (malformed++ === 0) log.warn({ feed: 'binance', sample: raw.toString().slice(0, 200) }, 'market feed message ignored')
      return
    }
    attempts = 0
    const time = now()
    // Rounded outwards to the catalogue's digits, so the spread shown is never narrower than the exchange's.
    const bid = quote.bid.toFixed(places, Decimal.ROUND_DOWN)
    const ask = quote.ask.toFixed(places, Decimal.ROUND_UP)
    const open = openOf(quote.symbol, quote.bid.plus(quote.ask).div(2), places, time)
    pending.set(quote.symbol, { symbol: quote.symbol, bid, ask, time, open, simulated: false })
  }

  function connect() {
    const ws = new WebSocket(url)
    socket = ws
    lastHeard = performance.now()
    malformed = 0
    ws.on('open', () => log.info({ feed: 'binance', url }, 'market feed connected'))
    ws.on('message', (raw, isBinary) => {
      if (ws === socket) take(raw, isBinary)
    })
    ws.on('error', (error) => log.warn({ err: error, feed: 'binance' }, 'market feed error'))
    ws.on('close', () => {
      if (ws !== socket) return
      socket = null
      const delay = Math.min(maxBackoffMs, backoffMs * 2 ** attempts) * (0.5 + Math.random() / 2)
      attempts++
      retryAt = performance.now() + delay
      if (!stopped) log.warn({ feed: 'binance', retryInMs: Math.round(delay) }, 'market feed disconnected')
    })
  }

  function disconnect() {
    const old = socket
    socket = null
    old?.terminate()
  }

  function step() {
    if (!options.isLeader()) {
      disconnect()
      pending.clear()
      return
    }
    if (socket && performance.now() - lastHeard > staleMs) {
      log.warn({ feed: 'binance', staleMs }, 'market feed silent, reconnecting')
      socket.terminate() // its close handler schedules the retry
    }
    if (!socket && performance.now() >= retryAt) connect()
    if (pending.size === 0) return
    const batch = [...pending.values()]
    pending.clear()
    options.publish(batch).catch(options.onError)
  }

  const timer = setInterval(step, batchMs)
  step()
  return {
    stop() {
      stopped = true
      clearInterval(timer)
      disconnect()
    },
  }
}
