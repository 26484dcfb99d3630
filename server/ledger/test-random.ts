// A seeded random generator for the ledger's tests (mulberry32): a failing run prints its seed, and
// TEST_SEED=<seed> replays exactly the same amounts and picks.
import { onTestFailed } from 'vitest'

export type Random = { seed: number; next: () => number; int: (below: number) => number; pick: <T>(items: readonly T[]) => T }

/** Call inside a test: the seed is printed if that test fails. */
export function testRandom(seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 32))): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (below: number) => Math.floor(next() * below)
  onTestFailed(() => {
    console.error(`random seed ${seed}: run again with TEST_SEED=${seed}`)
  })
  return { seed, next, int, pick: (items) => items[int(items.length)]! }
}
