// Proof of liabilities through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): the daily job publishes
// one snapshot per day of the app's clock, a user's proof verifies with the shared verifier (the app's code), every
// user-owned kind of account counts, a user owed nothing has no leaf, the published record refuses edits, and the
// books still reconcile (a snapshot only reads them). A shared database may hold snapshots of earlier runs: the clock
// starts on a random far day, and the latest snapshot is the one this file published.
import { randomInt, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountInfo } from '#contract/auth.ts'
import { verifyInclusion } from '#contract/liability-tree.ts'
import type { LiabilitySnapshotPage, MyLiabilityProof } from '#contract/liabilities.ts'
import type { OpsLiabilitySnapshotPage } from '#contract/ops-liabilities.ts'
import { createJobRunner } from '../../jobs/runner.ts'
import { pgError } from '../../ledger/db-errors.ts'
import { leaderJobs } from '../../jobs/jobs.ts'
import { postJournal } from '../../ledger/post.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { pruneLiabilityProofs } from './liabilities.prune.ts'
import { DAY_MS, publishDailySnapshot } from './liabilities.snapshot.ts'

const clock = { now: Date.UTC(2300, 0, 1, 12) + randomInt(100_000) * DAY_MS }
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock.now })
})
afterAll(async () => {
  await app?.close()
})

const get = (url: string, token?: string) => call(app, 'GET', url, { token })
const myProof = async (token: string, snapshot?: string) =>
  (await get(`/api/getLiabilityProof${snapshot ? `?snapshot=${snapshot}` : ''}`, token)).body.data as MyLiabilityProof
const roots = async () => (await get('/api/getLiabilityRoots?page=1&size=5')).body.data as LiabilitySnapshotPage
const usdt = (snapshot: NonNullable<MyLiabilityProof['snapshot']>) => snapshot.currencies.findIndex((c) => c.currency === 'USDT')

/** A signed-in user with these live deposits (through the ledger, as a deposit credit posts them). */
async function userWith(deposits: { amount: string; currency: string }[]) {
  const { token } = await signIn(app)
  const { id } = (await get('/api/getMyAccountInfo', token)).body.data as AccountInfo
  for (const { amount, currency } of deposits) {
    await postJournal(app.db, {
      kind: 'deposit',
      reason: 'transfer',
      idempotencyKey: `test-liabilities:${randomUUID()}`,
      userId: id,
      legs: [
        { account: { ownerId: id, book: 'live', kind: 'available' }, amount, currency },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: `-${amount}`, currency },
      ],
    })
  }
  return { token, id }
}

describe('proof of liabilities', () => {
  it('answers 401 without a token, and the public list of roots without one', async () => {
    expect((await get('/api/getLiabilityProof')).status).toBe(401)
    expect((await get('/api/getLiabilityRoots')).status).toBe(200)
    expect((await get('/api/getLiabilityRoots?size=0')).status).toBe(400)
  })

  it('answers no snapshot before the first one is published, then the newest', async () => {
    const fresh = await buildTestApp({ databaseUrl: undefined, redisUrl: undefined })
    try {
      const { token } = await signIn(fresh)
      const answer = await call(fresh, 'GET', '/api/getLiabilityProof', { token })
      expect(answer.body).toMatchObject({ code: 200, data: { snapshot: null, proof: null } })
      expect((await call(fresh, 'GET', '/api/getLiabilityRoots')).body.data).toMatchObject({ list: [], total: 0 })
      // Then eleven days: the newest is the one answered (by id as a number: '11' sorts before '9' as text).
      const start = Date.now()
      for (let day = 0; day < 11; day++) await publishDailySnapshot(fresh.db, start + day * DAY_MS)
      const latest = (await call(fresh, 'GET', '/api/getLiabilityProof', { token })).body.data as MyLiabilityProof
      expect(latest.snapshot).toMatchObject({ id: '11', publishedAt: start + 10 * DAY_MS })
      const list = (await call(fresh, 'GET', '/api/getLiabilityRoots?size=3')).body.data as LiabilitySnapshotPage
      expect(list.list.map((s) => s.id)).toEqual(['11', '10', '9'])
    } finally {
      await fresh.close()
    }
  })

  it("publishes once a day from the leader's jobs; a user's proof verifies and counts every account they own", async () => {
    const alice = await userWith([{ amount: '1500', currency: 'USDT' }, { amount: '0.25', currency: 'BTC' }])
    // 100 of Alice's USDT locked (as a withdrawal request does) is still owed to her.
    await postJournal(app.db, {
      kind: 'withdrawal',
      reason: 'withdrawal.request',
      idempotencyKey: `test-liabilities:${randomUUID()}`,
      userId: alice.id,
      legs: [
        { account: { ownerId: alice.id, book: 'live', kind: 'available' }, amount: '-100', currency: 'USDT' },
        { account: { ownerId: alice.id, book: 'live', kind: 'locked' }, amount: '100', currency: 'USDT' },
      ],
    })
    const bob = await userWith([{ amount: '42.5', currency: 'USDT' }])
    const demoOnly = await signIn(app)

    const before = (await roots()).total
    // The leader's job itself, on the app's clock (alone: the other jobs are not this file's business).
    const jobs = leaderJobs(app).filter((job) => job.name === 'publish liability snapshot')
    const runner = createJobRunner({ jobs, isLeader: () => true, now: () => clock.now, log: { warn: () => {} } })
    clock.now += 10 * 60_000
    expect(await runner.runDue()).toEqual(['publish liability snapshot'])
    const published = await roots()
    expect(published.total).toBe(before + 1)
    // The same day again: the job runs and publishes nothing.
    clock.now += 10 * 60_000
    expect(await runner.runDue()).toEqual(['publish liability snapshot'])
    expect((await roots()).total).toBe(before + 1)

    const mine = await myProof(alice.token)
    const snapshot = mine.snapshot!
    expect(snapshot).toEqual(published.list[0])
    // Published at the first run, on the app's clock.
    expect(snapshot.publishedAt).toBe(clock.now - 10 * 60_000)
    expect(snapshot.currencies.map((c) => c.currency)).toEqual(expect.arrayContaining(['BTC', 'USDT']))
    const btc = snapshot.currencies.findIndex((c) => c.currency === 'BTC')
    expect(snapshot.currencies[btc]!.scale).toBe(8)
    expect(mine.proof!.balances[usdt(snapshot)]).toBe('1500000000')
    expect(mine.proof!.balances[btc]).toBe('25000000')
    const totals = snapshot.currencies.map((c) => c.totalUnits)
    expect(await verifyInclusion(mine.proof!, { root: snapshot.root, totals })).toEqual({ ok: true, root: snapshot.root })

    // Bob's proof verifies against the same root; Bob's leaf on Alice's path does not.
    const his = await myProof(bob.token)
    expect(his.proof!.balances[usdt(snapshot)]).toBe('42500000')
    expect(await verifyInclusion(his.proof!, { root: snapshot.root, totals })).toMatchObject({ ok: true })
    expect(await verifyInclusion({ ...his.proof!, path: mine.proof!.path }, { root: snapshot.root, totals })).toMatchObject({ ok: false })
    // One unit more on Alice's leaf, or on a sibling's sum, and the root is not reached.
    const raised = structuredClone(mine.proof!)
    raised.balances[usdt(snapshot)] = '1500000001'
    expect(await verifyInclusion(raised, { root: snapshot.root, totals })).toMatchObject({ ok: false, reason: 'root' })
    const sibling = structuredClone(mine.proof!)
    sibling.path[0]!.sums[usdt(snapshot)] = (BigInt(sibling.path[0]!.sums[usdt(snapshot)]!) + 1n).toString()
    expect(await verifyInclusion(sibling, { root: snapshot.root, totals })).toMatchObject({ ok: false, reason: 'root' })

    // A user with nothing on the live book has no leaf, and is told which snapshot that is.
    expect(await myProof(demoOnly.token)).toEqual({ snapshot, proof: null })

    // The next day publishes again, with what has changed since.
    await userWith([{ amount: '7', currency: 'USDT' }])
    clock.now += DAY_MS
    expect(await publishDailySnapshot(app.db, clock.now)).toMatchObject({ leafCount: snapshot.leafCount + 1 })
    expect(await publishDailySnapshot(app.db, clock.now)).toBeNull()
    const next = (await myProof(alice.token)).snapshot!
    expect(next.currencies[usdt(next)]!.totalUnits).toBe((BigInt(snapshot.currencies[usdt(snapshot)]!.totalUnits) + 7_000_000n).toString())
    expect((await reconcile(app.db)).ok).toBe(true)
  })

  it('publishes one snapshot when two processes race on the same day', async () => {
    await userWith([{ amount: '5', currency: 'USDT' }])
    clock.now += DAY_MS
    const before = (await roots()).total
    const both = await Promise.all([publishDailySnapshot(app.db, clock.now), publishDailySnapshot(app.db, clock.now)])
    expect(both.filter((p) => p !== null)).toHaveLength(1)
    expect((await roots()).total).toBe(before + 1)
  })

  it('keeps the published record append-only in the database', async () => {
    await userWith([{ amount: '3', currency: 'USDT' }])
    clock.now += DAY_MS
    const snapshot = (await publishDailySnapshot(app.db, clock.now))!
    const refused = async (statement: ReturnType<typeof sql>) => pgError(await app.db.execute(statement).then(() => null, (e: unknown) => e))
    const appendOnly = (table: string, op: string) => ({ code: '23000', message: `liabilities: ${table} is append-only (${op} refused)` })
    const stated = (e: ReturnType<typeof pgError>) => e && { code: e.code, message: e.message }
    expect(stated(await refused(sql`UPDATE liability_snapshots SET root = repeat('0', 64) WHERE id = ${snapshot.id}`))).toEqual(appendOnly('liability_snapshots', 'UPDATE'))
    expect(stated(await refused(sql`DELETE FROM liability_snapshots WHERE id = ${snapshot.id}`))).toEqual(appendOnly('liability_snapshots', 'DELETE'))
    expect(stated(await refused(sql`TRUNCATE liability_snapshots CASCADE`))).toEqual(appendOnly('liability_snapshots', 'TRUNCATE'))
    expect(stated(await refused(sql`UPDATE liability_nodes SET sums = '0' WHERE snapshot_id = ${snapshot.id}`))).toEqual(appendOnly('liability_nodes', 'UPDATE'))
    expect(stated(await refused(sql`UPDATE liability_leaves SET idx = 0 WHERE snapshot_id = ${snapshot.id}`))).toEqual(appendOnly('liability_leaves', 'UPDATE'))
    expect((await roots()).list[0]!.root).toBe(snapshot.root)
  })
})

describe('proof of liabilities history', () => {
  /** Prunes until nothing is left to prune (a shared database may hold older runs' snapshots: a run takes 5). */
  async function pruneAll(now: number, retentionDays: number) {
    const pruned: number[] = []
    for (let more = await pruneLiabilityProofs(app.db, now, retentionDays); more.length > 0; more = await pruneLiabilityProofs(app.db, now, retentionDays)) pruned.push(...more)
    return pruned
  }
  const verified = async (answer: MyLiabilityProof) =>
    verifyInclusion(answer.proof!, { root: answer.snapshot!.root, totals: answer.snapshot!.currencies.map((c) => c.totalUnits) })

  it('gives a user the proof of an earlier snapshot they pick, verified against that snapshot\'s root', async () => {
    const carol = await userWith([{ amount: '100', currency: 'USDT' }])
    clock.now += DAY_MS
    const first = (await publishDailySnapshot(app.db, clock.now))!
    await postJournal(app.db, {
      kind: 'deposit',
      reason: 'transfer',
      idempotencyKey: `test-liabilities:${randomUUID()}`,
      userId: carol.id,
      legs: [
        { account: { ownerId: carol.id, book: 'live', kind: 'available' }, amount: '150', currency: 'USDT' },
        { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: '-150', currency: 'USDT' },
      ],
    })
    clock.now += DAY_MS
    const second = (await publishDailySnapshot(app.db, clock.now))!

    const latest = await myProof(carol.token)
    expect(latest.snapshot).toMatchObject({ id: String(second.id), root: second.root, pruned: false })
    expect(latest.proof!.balances[usdt(latest.snapshot!)]).toBe('250000000')
    const earlier = await myProof(carol.token, String(first.id))
    expect(earlier.snapshot).toMatchObject({ id: String(first.id), root: first.root, leafCount: first.leafCount, pruned: false })
    expect(earlier.proof!.balances[usdt(earlier.snapshot!)]).toBe('100000000')
    expect(await verified(earlier)).toEqual({ ok: true, root: first.root })
    // The earlier proof does not pass for the later root: each proof belongs to its snapshot.
    expect(await verifyInclusion(earlier.proof!, { root: second.root, totals: latest.snapshot!.currencies.map((c) => c.totalUnits) })).toMatchObject({ ok: false })
    // The same snapshot as listed in the public record.
    const listed = (await get('/api/getLiabilityRoots?page=1&size=5')).body.data as LiabilitySnapshotPage
    expect(listed.list.find((s) => s.id === String(first.id))).toEqual(earlier.snapshot)
  })

  it('refuses a snapshot that was never published (404), a malformed one (400), and anyone not signed in (401)', async () => {
    const { token } = await signIn(app)
    const newest = (await roots()).list[0]!
    const missing = await get(`/api/getLiabilityProof?snapshot=${BigInt(newest.id) + 1000n}`, token)
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 404, msg: 'No snapshot with this number was published' })
    expect((await get('/api/getLiabilityProof?snapshot=abc', token)).status).toBe(400)
    expect((await get('/api/getLiabilityProof?snapshot=-1', token)).status).toBe(400)
    expect((await get(`/api/getLiabilityProof?snapshot=${newest.id}`)).status).toBe(401)
  })

  it('prunes proofs past the retention period, keeps every root and the newest snapshot\'s proofs, and says which are pruned', async () => {
    const dave = await userWith([{ amount: '9', currency: 'USDT' }])
    const days: number[] = []
    for (let i = 0; i < 3; i++) {
      clock.now += DAY_MS
      days.push((await publishDailySnapshot(app.db, clock.now))!.id)
    }
    const [d1, d2, d3] = days as [number, number, number]
    const count = async (table: 'liability_leaves' | 'liability_nodes', id: number) =>
      ((await app.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE snapshot_id = ${id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n
    // The database refuses to delete the proofs of a snapshot not recorded as pruned.
    const refused = pgError(await app.db.execute(sql`DELETE FROM liability_leaves WHERE snapshot_id = ${d1}`).then(() => null, (e: unknown) => e))
    expect(refused).toMatchObject({ code: '23000' })
    expect(refused!.message).toContain(`liability_leaves of snapshot ${d1} are kept until it is recorded as pruned`)
    expect(await count('liability_leaves', d1)).toBeGreaterThan(0)

    // Kept one day: on the third snapshot's day, the first is older than that and goes; the second stays.
    const pruned = await pruneAll(clock.now, 1)
    expect(pruned).toContain(d1)
    expect(pruned).not.toContain(d2)
    expect(await pruneAll(clock.now, 1)).toEqual([])
    expect([await count('liability_leaves', d1), await count('liability_nodes', d1)]).toEqual([0, 0])
    expect(await count('liability_leaves', d2)).toBeGreaterThan(0)

    const old = await myProof(dave.token, String(d1))
    expect(old).toMatchObject({ snapshot: { id: String(d1), pruned: true }, proof: null })
    expect(old.snapshot!.root).toMatch(/^[0-9a-f]{64}$/)
    expect(await verified(await myProof(dave.token, String(d2)))).toMatchObject({ ok: true })
    const listed = ((await get('/api/getLiabilityRoots?page=1&size=5')).body.data as LiabilitySnapshotPage).list
    expect(listed.filter((s) => days.includes(Number(s.id))).map((s) => [Number(s.id), s.pruned])).toEqual([[d3, false], [d2, false], [d1, true]])

    // Years later, with no snapshot since, every snapshot is past retention but the newest keeps its proofs.
    expect(await pruneAll(clock.now + 1000 * DAY_MS, 1)).toContain(d2)
    expect(await verified(await myProof(dave.token))).toMatchObject({ ok: true })
    expect((await myProof(dave.token)).snapshot).toMatchObject({ id: String(d3), pruned: false })

    // The record of pruning is append-only; the published roots are all still there.
    const stated = (e: ReturnType<typeof pgError>) => e && { code: e.code, message: e.message }
    expect(stated(pgError(await app.db.execute(sql`DELETE FROM liability_pruned WHERE snapshot_id = ${d1}`).then(() => null, (e: unknown) => e)))).toEqual({
      code: '23000',
      message: 'liabilities: liability_pruned is append-only (DELETE refused)',
    })
    expect(stated(pgError(await app.db.execute(sql`TRUNCATE liability_nodes`).then(() => null, (e: unknown) => e)))).toEqual({
      code: '23000',
      message: 'liabilities: liability_nodes is append-only (TRUNCATE refused)',
    })
    expect(((await get('/api/getLiabilityRoots?page=1&size=5')).body.data as LiabilitySnapshotPage).list.map((s) => Number(s.id))).toEqual(expect.arrayContaining(days))
  })

  it('lists every snapshot in the console with its day, users, totals, root and when its proofs were pruned', async () => {
    const finance = (await signInOperator(app, ['finance'])).token
    const page = await call(app, 'GET', '/api/ops/liabilities/snapshots?page=1&size=5', { token: finance })
    expect(page.status).toBe(200)
    const data = page.body.data as OpsLiabilitySnapshotPage
    expect(data.retentionDays).toBe(90)
    const newest = data.list[0]!
    expect(newest).toMatchObject({ pruned: false, prunedAt: null })
    expect(newest.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(newest.currencies.find((c) => c.currency === 'USDT')!.total).toMatch(/^\d+(\.\d+)?$/)
    const pruned = data.list.find((s) => s.pruned)
    expect(pruned?.prunedAt).toEqual(expect.any(Number))
    expect((await call(app, 'GET', '/api/ops/liabilities/snapshots')).status).toBe(401)
    const support = (await signInOperator(app, ['support'])).token
    expect((await call(app, 'GET', '/api/ops/liabilities/snapshots', { token: support })).status).toBe(403)
  })
})
