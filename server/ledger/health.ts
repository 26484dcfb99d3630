// The public ledger health check: only ok / not ok, from a reconciliation at most HEALTH_MAX_AGE_MS old. A full
// reconciliation reads every account and entry, so anonymous callers must not be able to start one per request;
// concurrent callers share the one in flight. The totals themselves are for operators (node server/cli.ts reconcile).
import type { Reconciliation } from './reconcile.ts'

export const HEALTH_MAX_AGE_MS = 60_000

export type HealthCheck = () => Promise<{ ok: boolean }>

/** One per process; `run` is the full reconciliation, `onFailure` hears one that was not ok. */
export function createHealthCheck(run: () => Promise<Reconciliation>, now: () => number, onFailure: (found: Reconciliation) => void): HealthCheck {
  let last: { at: number; ok: boolean } | null = null
  let running: Promise<{ ok: boolean }> | null = null
  return () => {
    if (last && now() - last.at < HEALTH_MAX_AGE_MS) return Promise.resolve({ ok: last.ok })
    running ??= run()
      .then((found) => {
        if (!found.ok) onFailure(found)
        last = { at: now(), ok: found.ok }
        return { ok: found.ok }
      })
      .finally(() => {
        running = null
      })
    return running
  }
}
