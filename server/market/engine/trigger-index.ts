// Sorted trigger indexes per symbol (docs/trading.md): a tick costs O(triggered + log n), not O(open positions).
// Each symbol has four binary heaps, one per (price side, direction): a tick only looks at the top of each, and pops
// while the top has triggered. Removal is lazy (the entry is marked dead and skipped when it reaches the top); a heap
// whose dead entries outnumber its live ones is rebuilt in O(n), so memory stays bounded and removal is O(1).
// Levels and prices compare as BigInt integers scaled by the instrument's digits: exact, never floats. A level
// finer than the instrument's tick is rounded in the direction that keeps its meaning (bid >= 1.166405 ⇔ bid >=
// 1.16641 for a 5-digit price), so the comparison is exact too.
//
// Which price and direction each trigger watches (buys close at the bid, sells at the ask):
//   buy TP: bid >= TP    buy SL: bid <= SL    sell TP: ask <= TP    sell SL: ask >= SL
//   buy limit: ask <= price    sell limit: bid >= price
//   buy stop: ask >= price     sell stop: bid <= price
//   stop_out (an account's stop-out price, a bid; stopOutPrice in trading-math): side 'buy' (the account loses as
//   the price falls) fires at bid <= level, side 'sell' at bid >= level.
// A trigger fills at the current price it watched: a gap THROUGH a level fills at the gap price, not at the level.
import type { Side } from '#contract/orders.ts'

export type TriggerKind = 'tp' | 'sl' | 'limit' | 'stop' | 'stop_out'
export type Trigger = { id: string; symbol: string; kind: TriggerKind; side: Side; level: string }
/** A trigger that fired: removed from the index, with the price it fills at (the bid or ask it watched). */
export type Triggered = Trigger & { price: string }

type Book = 'bidUp' | 'bidDown' | 'askUp' | 'askDown'
type Entry = Trigger & { key: bigint; seq: number; dead: boolean; book: Book }

const BOOK: Record<TriggerKind, Record<Side, Book>> = {
  tp: { buy: 'bidUp', sell: 'askDown' },
  sl: { buy: 'bidDown', sell: 'askUp' },
  limit: { buy: 'askDown', sell: 'bidUp' },
  stop: { buy: 'askUp', sell: 'bidDown' },
  stop_out: { buy: 'bidDown', sell: 'bidUp' },
}

/** "Up" books fire when the price rises to the level (price >= level); "down" books when it falls (price <= level). */
const isUp = (book: Book) => book === 'bidUp' || book === 'askUp'

/** A decimal string as an integer count of 10^−digits, rounded up ('ceil') or down; exact for on-grid values. */
export function scaled(value: string, digits: number, round: 'ceil' | 'floor'): bigint {
  const [floor, ceil] = scaledBoth(value, digits)
  return round === 'ceil' ? ceil : floor
}

/** Both roundings from one parse (a tick compares its bid and ask both ways). */
function scaledBoth(value: string, digits: number): [floor: bigint, ceil: bigint] {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) throw new Error(`not a decimal: ${value}`)
  const [, minus = '', whole = '', fraction = ''] = match
  const n = BigInt(minus + whole + fraction.slice(0, digits).padEnd(digits, '0'))
  // Digits beyond the tick were cut towards zero: the other rounding is one unit away from zero.
  if (!/[1-9]/.test(fraction.slice(digits))) return [n, n]
  return minus ? [n - 1n, n] : [n, n + 1n]
}

/** A binary heap whose top is the entry that triggers first; dead entries are skipped and compacted. */
class Heap {
  items: Entry[] = []
  dead = 0
  private readonly up: boolean
  constructor(up: boolean) {
    this.up = up
  }
  /** Up books: lowest level first; down books: highest first; equal levels in the order they were added. */
  private before(a: Entry, b: Entry): boolean {
    if (a.key !== b.key) return this.up ? a.key < b.key : a.key > b.key
    return a.seq < b.seq
  }
  push(e: Entry): void {
    const items = this.items
    let i = items.push(e) - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(e, items[parent]!)) break
      items[i] = items[parent]!
      i = parent
    }
    items[i] = e
  }
  /** The live top, dropping dead entries found there. */
  peek(): Entry | undefined {
    while (this.items.length > 0 && this.items[0]!.dead) {
      this.pop()
      this.dead--
    }
    return this.items[0]
  }
  pop(): Entry | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (items.length > 0 && last) this.siftDown(0, last)
    return top
  }
  private siftDown(start: number, e: Entry): void {
    const items = this.items
    const n = items.length
    let i = start
    for (;;) {
      let child = 2 * i + 1
      if (child >= n) break
      if (child + 1 < n && this.before(items[child + 1]!, items[child]!)) child++
      if (!this.before(items[child]!, e)) break
      items[i] = items[child]!
      i = child
    }
    items[i] = e
  }
  /** Rebuilds without the dead entries once they outnumber the live ones (amortised O(1) per removal). */
  noteDead(): void {
    this.dead++
    if (this.dead < 1024 || this.dead * 2 < this.items.length) return
    this.items = this.items.filter((e) => !e.dead)
    this.dead = 0
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.siftDown(i, this.items[i]!)
  }
}

type SymbolBooks = Record<Book, Heap> & { digits: number }

export class TriggerIndex {
  private readonly symbols = new Map<string, SymbolBooks>()
  private readonly byId = new Map<string, Entry[]>()
  private readonly digits: (symbol: string) => number
  private seq = 0
  private live = 0

  /** `digits` gives each symbol's price digits (the catalogue's); levels and prices are compared at that scale. */
  constructor(digits: (symbol: string) => number) {
    this.digits = digits
  }

  /** Live triggers. */
  get size(): number {
    return this.live
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  add(trigger: Trigger): void {
    let books = this.symbols.get(trigger.symbol)
    if (!books) {
      books = { bidUp: new Heap(true), bidDown: new Heap(false), askUp: new Heap(true), askDown: new Heap(false), digits: this.digits(trigger.symbol) }
      this.symbols.set(trigger.symbol, books)
    }
    const book = BOOK[trigger.kind][trigger.side]
    // One object shape for every entry (no spread), so the heap's comparisons stay monomorphic.
    const { id, symbol, kind, side, level } = trigger
    const entry: Entry = { id, symbol, kind, side, level, key: scaled(level, books.digits, isUp(book) ? 'ceil' : 'floor'), seq: this.seq++, dead: false, book }
    books[book].push(entry)
    this.live++
    const list = this.byId.get(trigger.id)
    if (list) list.push(entry)
    else this.byId.set(trigger.id, [entry])
  }

  /** Removes every trigger of an order (or account); true when it had any. */
  remove(id: string): boolean {
    const list = this.byId.get(id)
    if (!list) return false
    this.byId.delete(id)
    for (const e of list) {
      if (e.dead) continue
      e.dead = true
      this.live--
      this.symbols.get(e.symbol)?.[e.book].noteDead()
    }
    return true
  }

  /**
   * The triggers this quote fires, removed from the index together with every other trigger of the same id (a
   * position whose TP fired has no SL left; a filled limit order's position gets its own TP/SL added again).
   */
  collect(symbol: string, bid: string, ask: string): Triggered[] {
    const books = this.symbols.get(symbol)
    if (!books) return []
    const fired: Triggered[] = []
    const d = books.digits
    // A price finer than the tick still compares exactly against an on-grid level: p >= L ⇔ floor(p) >= L.
    const [bidUp, bidDown] = scaledBoth(bid, d)
    const [askUp, askDown] = scaledBoth(ask, d)
    this.drain(books.bidUp, (k) => bidUp >= k, bid, fired)
    this.drain(books.bidDown, (k) => bidDown <= k, bid, fired)
    this.drain(books.askUp, (k) => askUp >= k, ask, fired)
    this.drain(books.askDown, (k) => askDown <= k, ask, fired)
    return fired
  }

  private drain(heap: Heap, fires: (key: bigint) => boolean, price: string, out: Triggered[]): void {
    for (let top = heap.peek(); top && fires(top.key); top = heap.peek()) {
      heap.pop()
      // Leaves the heap now, so remove() need not count it dead; the order's other triggers die lazily.
      top.dead = true
      this.live--
      this.remove(top.id)
      out.push({ id: top.id, symbol: top.symbol, kind: top.kind, side: top.side, level: top.level, price })
    }
  }
}
