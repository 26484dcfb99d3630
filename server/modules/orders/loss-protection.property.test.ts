// Loss protection over random books (releaseOf in src/contract/trading-account.ts through settlementPlan, which every
// closing path calls): the house absorbs only what the book cannot cover, whether the positions close in one batch
// (closeOwnOrders, stop-out, a demo reset) or one at a time in any order (the user's closes, TP/SL); the margin
// account always holds the live orders' margin less what is drawn (the orders' sub-ledger), no account goes below
// zero, and once everything is closed and cancelled nothing is left drawn.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { releaseOf, type BookHolding } from '#contract/trading-account.ts'
import { dec, type Dec } from '#contract/trading-math.ts'
import { settlementPlan, type CloseInput } from './orders.money-close.ts'
import type { OrderRow } from './orders.table.ts'

const ZERO = dec('0')
/** An amount with two decimals, from cents. */
const amount = (max: number) => fc.integer({ min: 0, max }).map((cents) => dec(String(cents)).div(100))
const signed = (max: number) => fc.integer({ min: -max, max }).map((cents) => dec(String(cents)).div(100))

const bookArb = fc
  .record({
    available: amount(500_000),
    positions: fc.array(fc.record({ margin: amount(500_000).map((m) => m.plus('0.01')), pl: signed(2_000_000) }), { minLength: 1, maxLength: 5 }),
    reservations: fc.array(amount(200_000).map((m) => m.plus('0.01')), { maxLength: 2 }),
    /** Part of the live orders' margin an earlier loss drew, as a share of it. */
    drawnShare: fc.integer({ min: 0, max: 100 }),
    order: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
  })
  .map((b) => {
    const held = [...b.positions.map((p) => p.margin), ...b.reservations].reduce((s, m) => s.plus(m), ZERO)
    const drawn = held.times(b.drawnShare).div(100).toDecimalPlaces(2, 1)
    return { ...b, held, holding: { available: b.available, marginAccount: held.minus(drawn), drawn } }
  })

type Book = typeof bookArb extends fc.Arbitrary<infer T> ? T : never
type Step = { settled: Dec; absorbed: Dec; before: BookHolding }
const row = (i: number, margin: Dec) => ({ id: BigInt(i + 1), userId: 'u', book: 'demo', marginCurrency: 'USDT', margin: margin.toFixed(), fee: '0', feePosted: true }) as OrderRow
const closeOf = (i: number, p: { margin: Dec; pl: Dec }, book: BookHolding) => ({ row: row(i, p.margin), c: { price: dec('1'), pl: p.pl, reason: 'user', now: 0, marginLevel: null, book } satisfies CloseInput })
const total = (h: BookHolding) => dec(h.available).plus(h.marginAccount)

/** Checks what a state must always be: no account below zero, the margin account = live orders' margin − drawn. */
function sound(h: BookHolding, liveMargin: Dec) {
  expect(dec(h.available).gte(0)).toBe(true)
  expect(dec(h.marginAccount).gte(0)).toBe(true)
  expect(dec(h.drawn).gte(0)).toBe(true)
  expect(dec(h.marginAccount).toFixed()).toBe(liveMargin.minus(h.drawn).toFixed())
}

/** Closes the positions in `batches` (lists of indexes), each batch one settlementPlan, then cancels the reservations. */
function run(b: Book, batches: number[][]) {
  let h: BookHolding = b.holding
  let live = b.held
  const steps: Step[] = []
  for (const batch of batches) {
    const closes = batch.map((i) => closeOf(i, b.positions[i]!, h))
    let before = h
    for (const { at, release } of settlementPlan(closes)) {
      steps.push({ settled: release.settled, absorbed: release.absorbed, before })
      live = live.minus(closes[at]!.row.margin)
      before = h = release.after
      sound(h, live)
    }
  }
  for (const r of b.reservations) {
    const release = releaseOf(h, r, '0')
    expect(release.absorbed.isZero()).toBe(true)
    live = live.minus(r)
    h = release.after
    sound(h, live)
  }
  // Everything closed and cancelled: the margin account is empty and nothing is drawn any more.
  expect([dec(h.marginAccount).toFixed(), dec(h.drawn).toFixed()]).toEqual(['0', '0'])
  // Conservation: the book ends with what it held plus what it settled with the house.
  expect(dec(h.available).toFixed()).toBe(total(b.holding).plus(steps.reduce((s, x) => s.plus(x.settled), ZERO)).toFixed())
  return steps
}

describe('loss protection over random books', () => {
  it('the house absorbs only what the book cannot cover, on every path', () => {
    fc.assert(
      fc.property(bookArb, (b) => {
        const n = b.positions.length
        const indexes = [...Array(n).keys()]
        // One batch: the house absorbs exactly what the whole book and all its profits cannot cover.
        const batch = run(b, [indexes])
        const sum = b.positions.reduce((s, p) => s.plus(p.pl), ZERO)
        const uncovered = total(b.holding).plus(sum).neg()
        expect(batch.reduce((s, x) => s.plus(x.absorbed), ZERO).toFixed()).toBe((uncovered.isNeg() ? ZERO : uncovered).toFixed())
        // One at a time, in a random order: each close's loss is the house's only beyond what the book held then.
        const order = [...indexes].sort((x, y) => (b.order[x]! - b.order[y]!) || x - y)
        for (const step of run(b, order.map((i) => [i]))) {
          const beyond = step.settled.minus(step.absorbed).plus(total(step.before)).neg()
          expect(step.absorbed.toFixed()).toBe((beyond.isPos() ? beyond : ZERO).toFixed())
          if (!step.absorbed.isZero()) expect(total(step.before).plus(step.settled).isZero()).toBe(true)
        }
        // Part in a batch, the rest one at a time.
        run(b, [order.slice(0, 2), ...order.slice(2).map((i) => [i])])
      }),
      { numRuns: 500 },
    )
  })
})
