// The job runner: a job runs once per period, only on the leader, and one failing job does not stop the others.
import { describe, expect, it } from 'vitest'
import { createJobRunner, type Job } from './runner.ts'

const MINUTE_MS = 60_000

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

function setUp(jobs: Job[], leading = true) {
  const clock = { now: 1_000_000 }
  const leader = { leading }
  const warnings: string[] = []
  const log = { warn: (obj: object) => warnings.push((obj as { job: string }).job) }
  const runner = createJobRunner({ jobs, isLeader: () => leader.leading, now: () => clock.now, log })
  return { clock, leader, warnings, runner }
}

const job = (name: string, everyMs: number, run: () => Promise<unknown> = async () => {}): Job => ({ name, everyMs, run })

describe('the job runner', () => {
  it('runs each job once per period, the first one period after start', async () => {
    const { clock, runner } = setUp([job('a', 10 * MINUTE_MS), job('b', 30 * MINUTE_MS)])
    expect(await runner.runDue()).toEqual([])
    clock.now += 10 * MINUTE_MS
    expect(await runner.runDue()).toEqual(['a'])
    expect(await runner.runDue()).toEqual([])
    clock.now += 20 * MINUTE_MS
    expect(await runner.runDue()).toEqual(['a', 'b'])
  })

  it('runs nothing while another process leads, and catches up when the lead comes here', async () => {
    const { clock, leader, runner } = setUp([job('a', MINUTE_MS)], false)
    clock.now += 5 * MINUTE_MS
    expect(await runner.runDue()).toEqual([])
    leader.leading = true
    expect(await runner.runDue()).toEqual(['a'])
  })

  it('logs a failing job and still runs the others; the failed one tries again next period', async () => {
    let failures = 0
    const failing = job('failing', MINUTE_MS, async () => {
      failures++
      throw new Error('database gone')
    })
    const { clock, warnings, runner } = setUp([failing, job('fine', MINUTE_MS)])
    clock.now += MINUTE_MS
    expect(await runner.runDue()).toEqual(['fine'])
    expect(warnings).toEqual(['failing'])
    clock.now += MINUTE_MS
    await runner.runDue()
    expect(failures).toBe(2)
  })

  it('never runs a job twice at once when ticks overlap', async () => {
    const release = deferred()
    let runs = 0
    const slow = job('slow', MINUTE_MS, async () => {
      runs++
      await release.promise
    })
    const { clock, runner } = setUp([slow])
    clock.now += MINUTE_MS
    const first = runner.runDue()
    clock.now += MINUTE_MS
    const second = runner.runDue()
    release.resolve()
    expect(await Promise.all([first, second])).toEqual([['slow'], ['slow']])
    expect(runs).toBe(1)
  })
})
