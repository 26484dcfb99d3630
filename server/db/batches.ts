// Group commit for small statements many requests make at once (an idempotency key claimed, an outcome stored): each
// call waits in a queue, and one statement serves everything waiting. A lone call goes at once; under load, calls
// gather while the statements before them are in flight (at most maxInFlight), so the statements a request costs
// fall with the load instead of the load queueing on the pool (stallMs below keeps batches that would only wait for
// each other one at a time). Each call still gets its own answer. A batch that
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
  private readonly stallMs: number
  /** When each batch in flight started (performance.now()), for stallMs. */
  private readonly started = new Set<{ at: number }>()
  private waking: ReturnType<typeof setTimeout> | null = null
  /** How long batches take (a moving average, ms): on a loaded machine every batch runs long, and is not held. */
  private usualMs = 0

  /**
   * stallMs: a batch beyond the first starts only once every batch in flight has run this long. Batches that would
   * only wait for each other (the same rows locked until commit) then go one at a time, each as large as the load
   * makes it, and a batch held up (a lock waited for) holds the others up for stallMs, or three times as long as
   * batches usually take when that is longer (a machine so loaded that every batch is slow).
   */
  constructor(run: BatchRun<In, Out>, options: { maxInFlight?: number; maxBatch?: number; stallMs?: number } = {}) {
    this.run = run
    this.maxInFlight = options.maxInFlight ?? 2
    this.maxBatch = options.maxBatch ?? 100
    this.stallMs = options.stallMs ?? 0
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
      if (this.stallMs > 0 && this.started.size > 0) {
        const stall = Math.max(this.stallMs, 3 * this.usualMs)
        const wait = Math.max(...[...this.started].map((s) => s.at)) + stall - performance.now()
        if (wait > 0) return this.wakeIn(wait)
      }
      const batch = this.queue.splice(0, this.maxBatch)
      const started = { at: performance.now() }
      this.started.add(started)
      this.inFlight++
      void this.settle(batch).finally(() => {
        this.usualMs += (performance.now() - started.at - this.usualMs) / 8
        this.started.delete(started)
        this.inFlight--
        this.dispatch()
      })
    }
  }

  private wakeIn(ms: number): void {
    if (this.waking) return
    this.waking = setTimeout(() => {
      this.waking = null
      this.dispatch()
    }, ms)
    // A wake-up for batches that no longer wait must not keep a closing process alive.
    this.waking.unref?.()
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

