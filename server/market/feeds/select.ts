// MARKET_FEED picks where prices come from. `simulator` (the default) quotes the whole catalogue, labelled
// "Simulated". `binance` quotes the catalogue's crypto from Binance's public bookTicker stream (simulated: false);
// an exchange of coins has no forex, stocks or futures, so those stay with the simulator and keep their label.
import type { Ticker } from '#contract/socket.ts'
import { instruments } from '../catalogue.ts'
import { startSimulator } from '../simulator.ts'
import { BINANCE_URL, startBinanceFeed } from './binance.ts'
import type { Feed, FeedContext } from './feed.ts'

export const MARKET_FEEDS = ['simulator', 'binance'] as const
export type MarketFeedName = (typeof MARKET_FEEDS)[number]

export type MarketFeedConfig = {
  name: MarketFeedName
  /** The feed's base URL (MARKET_FEED_URL); each adapter has its public default. */
  url?: string
}

export const isMarketFeedName = (value: string): value is MarketFeedName => (MARKET_FEEDS as readonly string[]).includes(value)

export type MarketFeedContext = FeedContext & {
  /** The simulator's tick. */
  tickMs: number
  /** Every symbol's last quote this process knows: a new leader continues from it. */
  lastTickers: () => Ticker[] | null
}

/** The symbols each real feed quotes; the simulator takes the rest of the catalogue. */
const covers: Record<Exclude<MarketFeedName, 'simulator'>, (symbol: string) => boolean> = {
  binance: (symbol) => instruments.some((i) => i.symbol === symbol && i.class === 'crypto'),
}

export function startMarketFeed(config: MarketFeedConfig, context: MarketFeedContext): Feed {
  if (config.name === 'simulator') return startSimulator(context)
  const covered = covers[config.name]
  const real = startBinanceFeed({ ...context, url: config.url ?? BINANCE_URL, instruments: instruments.filter((i) => covered(i.symbol)) })
  const rest = instruments.filter((i) => !covered(i.symbol))
  const simulator = rest.length > 0 ? startSimulator({ ...context, instruments: rest }) : null
  return {
    stop() {
      simulator?.stop()
      real.stop()
    },
  }
}
