import { describe, expect, it } from 'vitest'
import { createHealthCheck, HEALTH_MAX_AGE_MS } from './health.ts'
import type { Reconciliation } from './reconcile.ts'

const consistent: Reconciliation = { ok: true, currencies: [{ currency: 'USDT', sum: '0' }], accounts: 3, mismatchedAccounts: 0, subledgers: [] }

describe('the public ledger health check', () => {
  it('runs at most one full reconciliation a minute, shared by concurrent callers, and answers only ok', async () => {
    let clock = 0
    let runs = 0
    let result = consistent
    const failures: Reconciliation[] = []
    const check = createHealthCheck(
      async () => (runs++, result),
      () => clock,
      (found) => failures.push(found),
    )
    expect(await Promise.all(Array.from({ length: 10 }, check))).toEqual(Array.from({ length: 10 }, () => ({ ok: true })))
    expect(runs).toBe(1)
    result = { ...consistent, ok: false, mismatchedAccounts: 1 }
    clock += HEALTH_MAX_AGE_MS - 1
    expect(await check()).toEqual({ ok: true })
    expect(runs).toBe(1)
    clock += 1
    expect(await check()).toEqual({ ok: false })
    expect(runs).toBe(2)
    expect(failures).toEqual([result])
  })
})
