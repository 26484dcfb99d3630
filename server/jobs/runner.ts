// Once-only jobs (pruning now; daily accruals later): each runs every `everyMs` on the leader alone, the holder of an
// advisory lock on PostgreSQL (market/leader.ts), the only process on PGlite. A process that is not leading keeps
// ticking and does nothing, so a follower takes over the jobs when the leader goes away.
import type { FastifyInstance } from 'fastify'
import { alwaysLeader, leadWithAdvisoryLock } from '../market/leader.ts'
import type { ResolvedOptions } from '../options.ts'
import { leaderJobs } from './jobs.ts'

export type Job = {
  name: string
  everyMs: number
  /** `now` is the app's clock, so tests can move time. */
  run: (now: number) => Promise<unknown>
}

type Log = { warn: (obj: object, msg: string) => void }

/** Not the migration's (7_351_001) nor the simulator's (7_351_002): jobs and prices may lead on different processes. */
export const JOBS_LOCK_KEY = 7_351_003

/** How often the runner looks for due jobs (the NFT settlement's period); each job's own `everyMs` says how often it
 * runs. A tick with nothing due costs a clock read. */
const TICK_MS = 5_000

export type JobRunner = {
  /** Runs, one after another, the jobs whose time has come, if this process leads; answers their names. */
  runDue: () => Promise<string[]>
}

export function createJobRunner(options: { jobs: Job[]; isLeader: () => boolean; now: () => number; log: Log }): JobRunner {
  const start = options.now()
  // A job's first run is one period after start: a process that restarts often does not prune at every start.
  const nextAt = new Map(options.jobs.map((job) => [job.name, start + job.everyMs]))
  let running: Promise<string[]> | null = null

  async function runOnce(): Promise<string[]> {
    const ran: string[] = []
    for (const job of options.jobs) {
      const now = options.now()
      if (!options.isLeader() || now < nextAt.get(job.name)!) continue
      nextAt.set(job.name, now + job.everyMs)
      try {
        await job.run(now)
        ran.push(job.name)
      } catch (error) {
        // The next period tries again; one failing job does not hold up the others.
        options.log.warn({ err: error, job: job.name }, 'job failed')
      }
    }
    return ran
  }

  return {
    // A tick that comes while jobs still run waits for them instead of running them twice at once.
    runDue: () => (running ??= runOnce().finally(() => (running = null))),
  }
}

/** Starts the app's leader jobs (jobs.ts); stop() ends the ticks and gives up the lead. */
export function startJobs(app: FastifyInstance, conf: ResolvedOptions) {
  const leadership = conf.databaseUrl
    ? leadWithAdvisoryLock(conf.databaseUrl, JOBS_LOCK_KEY, conf.leaderRetryMs, app.log)
    : alwaysLeader()
  const runner = createJobRunner({ jobs: leaderJobs(app), isLeader: leadership.isLeader, now: app.now, log: app.log })
  let last: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => (last = runner.runDue()), TICK_MS)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await last
      await leadership.stop()
    },
  }
}
