// Which process runs once-only jobs (the simulator now, the order engine later). On PostgreSQL the holder of a
// session advisory lock leads; the lock lives on a dedicated connection, so losing that connection ends the lead
// and a follower takes over within retryMs (500 ms by default: one cheap query a process and a lock each time, so
// a take profit crossed just after the leader died fires within 2 s; leader-takeover.test.ts). On PGlite there is
// one process, and it leads.
import pg from 'pg'

export type Leadership = { isLeader: () => boolean; stop: () => Promise<void> }

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }

export const SIMULATOR_LOCK_KEY = 7_351_002

export const alwaysLeader = (): Leadership => ({ isLeader: () => true, stop: async () => {} })

export function leadWithAdvisoryLock(url: string, key: number, retryMs: number, log: Log): Leadership {
  let client: pg.Client | null = null
  let leading = false
  let stopped = false
  let timer: NodeJS.Timeout | null = null

  const drop = () => {
    if (leading) log.warn({ key }, 'lost leadership')
    leading = false
    const old = client
    client = null
    old?.end().catch(() => {})
  }

  async function attempt() {
    timer = null
    if (stopped) return
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: url })
        fresh.on('error', drop)
        client = fresh
        await fresh.connect()
      }
      if (leading) {
        // Advisory locks nest, so the holder checks its connection rather than locking again.
        await client.query('SELECT 1')
      } else {
        const result = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key])
        leading = result.rows[0]?.ok === true
        if (leading) log.info({ key }, 'leading')
      }
    } catch (error) {
      log.warn({ err: error, key }, 'leadership attempt failed')
      drop()
    }
    // The leader keeps checking too: a query notices a dead connection sooner than TCP would.
    if (!stopped) timer = setTimeout(attempt, retryMs)
  }

  void attempt()
  return {
    isLeader: () => leading,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      leading = false
      await client?.end().catch(() => {})
      client = null
    },
  }
}
