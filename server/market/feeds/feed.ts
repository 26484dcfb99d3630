// What a source of live prices looks like to the server. The built-in simulator is one; a real feed (an exchange's
// WebSocket stream) is another, chosen with MARKET_FEED (select.ts). Every process starts the feed, but only the
// leader (the advisory-lock holder, leader.ts) publishes: the others hear its batches on the bus like any socket.
import type { Ticker } from '#contract/socket.ts'

export type FeedLog = {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

export type FeedContext = {
  /** Epoch ms; a ticker's `time` comes from here. */
  now: () => number
  /** Asked at every step: a feed publishes only while it is true, and a socket feed stays disconnected otherwise. */
  isLeader: () => boolean
  /** One call per batch interval, with the latest quote of each symbol that changed (never one per update). */
  publish: (batch: Ticker[]) => Promise<void>
  /** A failed publish (the bus is away): the feed carries on with the next batch. */
  onError: (error: unknown) => void
  log: FeedLog
}

export type Feed = { stop: () => void }
