// MARKET_FEED=binance: the exchange quotes the crypto, the simulator keeps quoting (and labelling) the rest.
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import type { Ticker } from '#contract/socket.ts'
import { instruments } from '../catalogue.ts'
import { isMarketFeedName, startMarketFeed } from './select.ts'

const quiet = { info: () => {}, warn: () => {} }
const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

describe('market feed selection', () => {
  it('knows its feeds by name', () => {
    expect(['simulator', 'binance'].every(isMarketFeedName)).toBe(true)
    expect(isMarketFeedName('bitfinex')).toBe(false)
  })

  it('takes crypto from the exchange and simulates everything else', async () => {
    const exchange = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => exchange.once('listening', resolve))
    exchange.on('connection', (socket) =>
      socket.send(JSON.stringify({ stream: 'btcusdt@bookTicker', data: { u: 1, s: 'BTCUSDT', b: '95000.01000000', B: '1', a: '95000.02000000', A: '1' } })),
    )
    const heard = new Map<string, Ticker>()
    let wake = () => {}
    const feed = startMarketFeed(
      { name: 'binance', url: `ws://127.0.0.1:${(exchange.address() as { port: number }).port}` },
      {
        tickMs: 50,
        now: Date.now,
        isLeader: () => true,
        lastTickers: () => null,
        publish: async (batch) => {
          for (const t of batch) heard.set(t.symbol, t)
          wake()
        },
        onError: (error) => {
          throw error
        },
        log: quiet,
      },
    )
    cleanups.push(feed.stop, () => exchange.close())
    while (!heard.has('BTCUSDT') || !heard.has('EURUSD')) await new Promise<void>((resolve) => (wake = resolve))

    expect(heard.get('BTCUSDT')).toMatchObject({ bid: '95000.01', ask: '95000.02', simulated: false })
    expect(heard.get('EURUSD')?.simulated).toBe(true)
    const crypto = instruments.filter((i) => i.class === 'crypto').map((i) => i.symbol)
    // No crypto symbol was ever simulated; the exchange sent only BTCUSDT, so no other coin has a price yet.
    expect([...heard.values()].filter((t) => crypto.includes(t.symbol))).toEqual([heard.get('BTCUSDT')])
    expect([...heard.values()].filter((t) => t.simulated).length).toBe(instruments.length - crypto.length)
  })
})
