// Batches (batches.ts): calls gathered while a batch is in flight, and stallMs, which lets a further batch go beside
// one that is held up (orders.service.ts: a batch waiting for a book lock) but not beside one that is merely working.
import { describe, expect, it } from 'vitest'
import { Batches } from './batches.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('Batches with stallMs', () => {
  it('calls arriving while a short batch works wait and go together in the next one', async () => {
    const sizes: number[] = []
    const first = gate()
    const batches = new Batches<number, number>(
      async (inputs) => {
        sizes.push(inputs.length)
        if (sizes.length === 1) await first.opened
        return inputs.map((n) => n * 2)
      },
      { maxInFlight: 4, stallMs: 10_000 },
    )
    const lone = batches.add(1)
    await Promise.resolve()
    const later = [batches.add(2), batches.add(3), batches.add(4)]
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sizes).toEqual([1])
    first.open()
    expect(await Promise.all([lone, ...later])).toEqual([2, 4, 6, 8])
    expect(sizes).toEqual([1, 3])
  })

  it('a batch held longer than stallMs no longer holds up the calls after it', async () => {
    const held = gate()
    const batches = new Batches<string, string>(
      async (inputs) => {
        if (inputs.includes('held')) await held.opened
        return inputs.map((s) => `${s} done`)
      },
      { maxInFlight: 2, stallMs: 30 },
    )
    let heldDone = false
    const first = batches.add('held').then((out) => ((heldDone = true), out))
    await Promise.resolve()
    expect(await batches.add('other')).toBe('other done')
    expect(heldDone).toBe(false)
    held.open()
    expect(await first).toBe('held done')
  })
})
