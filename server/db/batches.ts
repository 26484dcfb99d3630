// Group commit for small statements many requests make at once (an idempotency key claimed, an outcome stored): each
// call waits in a queue, and one statement serves everything waiting. A lone call goes at once; under load, calls
// gather while the statements before them are in flight (at most maxInFlight), so the statements a request costs
// fall with the load instead of the load queueing on the pool. Each call still gets its own answer. A batch that
// fails is run again one call at a time, so one bad call fails alone.
// (The ledger's batcher, server/ledger/post.ts, does the same with retries and refusals of its own.)

export type BatchRun<In, Out> = (inputs: In[]) => Promise<Out[]>

type Waiting<In, Out> = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }

export class Batches<In, Out> {
  private queue: Waiting<In, Out>[] = []
  private inFlight = 0
  private scheduled = false
  private readonly run: BatchRun<In, Out>
  private readonly maxInFlight: number
  private readonly maxBatch: number

  constructor(run: BatchRun<In, Out>, options: { maxInFlight?: number; maxBatch?: number } = {}) {
    this.run = run
    this.maxInFlight = options.maxInFlight ?? 2
    this.maxBatch = options.maxBatch ?? 100
  }

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject })
      // Calls made in the same tick go together.
      if (!this.scheduled) {
        this.scheduled = true
        queueMicrotask(() => {
          this.scheduled = false
          this.dispatch()
        })
      }
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch)
      this.inFlight++
      void this.settle(batch).finally(() => {
        this.inFlight--
        this.dispatch()
      })
    }
  }

  private async settle(batch: Waiting<In, Out>[]): Promise<void> {
    let outs: Out[]
    try {
      outs = await this.run(batch.map((w) => w.input))
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error)
      for (const w of batch) await this.settle([w])
      return
    }
    batch.forEach((w, i) => w.resolve(outs[i]!))
  }
}

/** One Batches per handle (per database), made on first use. */
export function batchesPer<H extends object, In, Out>(make: (handle: H) => Batches<In, Out>): (handle: H) => Batches<In, Out> {
  const all = new WeakMap<H, Batches<In, Out>>()
  return (handle) => {
    let batches = all.get(handle)
    if (!batches) all.set(handle, (batches = make(handle)))
    return batches
  }
}

/**
 * Lanes: several Batches per handle, made on first use, an input going to the lane `laneOf` picks. Inputs that would
 * only wait for each other (the same house row, server/ledger/shards.ts) share a lane and its in-flight limit; inputs
 * of different lanes go alongside.
 */
export function lanesPer<H extends object, In, Out>(
  count: () => number,
  make: (handle: H) => Batches<In, Out>,
): (handle: H, lane: number) => Batches<In, Out> {
  const all = new WeakMap<H, Batches<In, Out>[]>()
  return (handle, lane) => {
    let lanes = all.get(handle)
    if (!lanes) all.set(handle, (lanes = Array.from({ length: Math.max(1, count()) }, () => make(handle))))
    return lanes[lane % lanes.length]!
  }
}
