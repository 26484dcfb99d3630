// Withdrawals through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): a user asks, operators approve
// with a payout hash (two of them above the configured amount) or reject with a reason; every refusal changes
// nothing, and the books reconcile after each step. Terms: the seeded USDT on ERC20 (0017_funds.sql): fee 1, minimum
// 10, 50 000 a day, KYC above 1 000, a second operator above 10 000.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#contract/ops.ts'
import type { OpsWithdrawal } from '#contract/ops-withdrawals.ts'
import type { Balance } from '#contract/account.ts'
import type { Withdrawal, WithdrawalPage, WithdrawInfo } from '#contract/withdrawals.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { kycReviews, reviewKyc, submitKyc } from '../kyc/kyc.service.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { plainPng } from '../uploads/test-files.ts'
import { saveUpload } from '../uploads/uploads.service.ts'
import { liveUser as liveUserOf } from './test-withdrawals.ts'
import { withdrawals } from './withdrawals.table.ts'
import { resetNetworks } from '../funds/test-funds.ts'

let app: FastifyInstance
let uploadDir: string
let admin: string
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-withdrawals-'))
  app = await buildTestApp({ uploadDir })
  await resetNetworks(app)
  admin = (await signInOperator(app, ['admin'])).token
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

const DEST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const hash = () => `0x${randomBytes(32).toString('hex')}`
const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
const get = (url: string, token?: string) => call(app, 'GET', url, { token })
/** A withdrawal in the operators' open queue (oldest first), whatever else a shared database holds before it. */
async function inOpenQueue(id: string, token: string): Promise<OpsWithdrawal | undefined> {
  for (let page = 1; ; page++) {
    const { list } = (await get(`/api/ops/withdrawals?page=${page}&size=100`, token)).body.data as { list: OpsWithdrawal[] }
    const found = list.find((x) => x.id === id)
    if (found || list.length < 100) return found
  }
}
const opPost = (url: string, token: string | undefined, body: unknown) => call(app, 'POST', url, { token, body })
const ask = (token: string, amount: string, more: Record<string, string> = {}, key?: string) =>
  post('/api/submissionWithdrawDeposit', token, { amount, currency: 'USDT', network: 'ERC20', address: DEST, ...more }, key)
const usdt = async (token: string) => ((await get('/api/getBalance', token)).body.data as Balance).currencies.find((c) => c.currency === 'USDT')!
const expectReconciled = async () => expect((await reconcile(app.db)).ok).toBe(true)

/** A live user holding `amount` USDT, their identity verified when asked. */
async function liveUser(amount: string, options: { kyc?: boolean } = {}) {
  const user = await liveUserOf(app, amount)
  if (options.kyc) await verifyIdentity(user.id)
  return user
}

/** The user's identity, verified by a compliance operator (three stored photos, the kyc module's own path). */
async function verifyIdentity(userId: string) {
  const photo = async () => (await saveUpload(app, userId, 'kyc', await plainPng(16, 16))).id
  const form = {
    firstName: 'Ada', lastName: 'Lovelace', sex: 'female', birthdate: '1990-01-01', country: 'GB', address: '1 Street', phone: '+441234567890',
    documentType: 'passport', frontImage: await photo(), backImage: await photo(), holdingImage: await photo(),
  }
  await submitKyc(app, userId, form)
  const pending = (await kycReviews(app.db, { state: 'pending', page: 1, size: 100 })).list.find((r) => r.userId === userId)!
  await reviewKyc(app, { id: null, name: 'compliance' }, pending.id, { state: 'verified' })
}

const auditOf = async (id: string) => ((await get(`/api/ops/audit?subject=withdrawal:${id}`, admin)).body.data as { list: AuditEntry[] }).list

describe('POST /api/submissionWithdrawDeposit', () => {
  it('locks 100 USDT of a 500 USDT live balance: 1 USDT fee, 99 arrive, pending review', async () => {
    const { token } = await liveUser('500')
    const res = await ask(token, '100', { address: DEST.toLowerCase() })
    expect(res.status).toBe(200)
    const w = res.body.data as Withdrawal
    // The destination is stored checksummed, whatever case it was typed in.
    expect(w).toMatchObject({ currency: 'USDT', network: 'ERC20', address: DEST, amount: '100', fee: '1', receive: '99', status: 'pending', txHash: null })
    expect(await usdt(token)).toMatchObject({ available: '400', locked: '100', total: '500' })
    // One row, from the user's side: the amount leaves what is available (held until paid out).
    const record = (await get('/api/getMyTransactionRecord?kind=withdrawal', token)).body.data as { list: { text: string; amount: string; balanceAfter: string }[] }
    expect(record.list.map((r) => [r.text, r.amount, r.balanceAfter])).toEqual([[`Withdrawal #${w.id} requested: 100.00 held until it is paid out`, '-100', '400']])
    const mine = (await get('/api/getMyWithdrawals', token)).body.data as WithdrawalPage
    expect(mine.list.map((x) => x.id)).toEqual([w.id])
    expect((await get(`/api/getWithdrawal?id=${w.id}`, token)).body.data).toEqual(w)
    await expectReconciled()
  })

  it('answers the first outcome again for a repeated Idempotency-Key, and locks the amount once', async () => {
    const { token } = await liveUser('500')
    const key = randomUUID()
    const first = await ask(token, '100', {}, key)
    const again = await ask(token, '100', {}, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(((await get('/api/getMyWithdrawals', token)).body.data as WithdrawalPage).total).toBe(1)
    expect(await usdt(token)).toMatchObject({ available: '400', locked: '100' })
    // The same key with another request is refused.
    expect((await ask(token, '101', {}, key)).status).toBe(422)
    await expectReconciled()
  })

  it.each([
    [{ address: DEST.replace('aA', 'Aa') }, 400, 'This is not a valid ERC20 address. Copy it again from the receiving wallet: a mixed-case address must match its checksum.'],
    [{ address: `0x${DEST.slice(2).toLowerCase()}0` }, 400, 'This is not a valid ERC20 address. Copy it again from the receiving wallet: a mixed-case address must match its checksum.'],
    [{ address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, 400, 'This is not a valid ERC20 address. Copy it again from the receiving wallet: a mixed-case address must match its checksum.'],
    [{ amount: '9.99' }, 400, 'The smallest withdrawal is 10 USDT'],
    [{ amount: '10.0000001' }, 400, 'The amount 10.0000001 has more decimals than USDT allows (6)'],
    [{ amount: '-10' }, 400, 'Invalid input: amount'],
    [{ amount: '1e3' }, 400, 'Invalid input: amount'],
    [{ network: 'TRC20' }, 400, 'USDT is not offered on the network TRC20'],
    [{ currency: 'usdt' }, 400, 'Invalid input: currency'],
    [{ amount: '600' }, 409, 'You can withdraw at most 500 USDT now'],
    [{ amount: '1000.5' }, 409, 'You can withdraw at most 500 USDT now'],
  ] as const)('refuses %o with %i and changes nothing', async (change, status, msg) => {
    const { token } = await liveUser('500')
    const res = await ask(token, '100', change)
    expect([res.status, res.body.msg]).toEqual([status, msg])
    expect(await usdt(token)).toMatchObject({ available: '500', locked: '0' })
    expect(((await get('/api/getMyWithdrawals', token)).body.data as WithdrawalPage).total).toBe(0)
  })

  it('asks for verified identity above 1 000 USDT, and takes it once verified', async () => {
    const { token, id } = await liveUser('5000')
    const refused = await ask(token, '1000.01')
    expect([refused.status, refused.body.msg]).toEqual([403, 'Withdrawals above 1,000 USDT need a verified identity: complete KYC first'])
    expect((await ask(token, '1000')).status).toBe(200)
    await verifyIdentity(id)
    expect((await ask(token, '1000.01')).status).toBe(200)
    expect(await usdt(token)).toMatchObject({ available: '2999.99', locked: '2000.01' })
  })

  it('holds the daily maximum of 50 000 USDT over 24 hours, rejected withdrawals not counted', async () => {
    const { token } = await liveUser('60000', { kyc: true })
    expect((await ask(token, '45000')).status).toBe(200)
    const over = await ask(token, '5000.01')
    expect([over.status, over.body.msg]).toEqual([409, 'You can withdraw at most 50,000 USDT in 24 hours; 5,000 USDT is left now'])
    const info = (await get('/api/getWithdrawInfo', token)).body.data as WithdrawInfo
    expect(info).toEqual({ balances: [expect.objectContaining({ currency: 'USDT', available: '15000', usedToday: '45000' }), expect.anything()], kycVerified: true, book: 'live' })
    expect((await ask(token, '5000')).status).toBe(200)
    // A rejected withdrawal gives its share of the day back.
    const finance = await signInOperator(app, ['finance'])
    const first = ((await get('/api/getMyWithdrawals', token)).body.data as WithdrawalPage).list.at(-1)!
    expect((await opPost('/api/ops/withdrawals/reject', finance.token, { id: first.id, reason: 'Too much at once' })).status).toBe(200)
    expect((await ask(token, '10000')).status).toBe(200)
    expect(await usdt(token)).toMatchObject({ available: '45000', locked: '15000' })
  })

  it('takes one of two withdrawals asked at once that together exceed the balance', async () => {
    const { token } = await liveUser('500')
    const results = await Promise.all([ask(token, '300'), ask(token, '300')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await usdt(token)).toMatchObject({ available: '200', locked: '300' })
    await expectReconciled()
  })

  it('refuses the demo book clearly: demo money is never withdrawn', async () => {
    const { token } = await signIn(app)
    const res = await ask(token, '100')
    expect([res.status, res.body.msg]).toEqual([409, 'Withdrawals are made from your live account: switch to it to withdraw. Demo funds cannot be withdrawn.'])
    expect(((await get('/api/getBalance', token)).body.data as Balance).totalUsdt).toBe('10000')
  })

  it('answers 401 without a token and 400 without an Idempotency-Key', async () => {
    expect((await ask(undefined as unknown as string, '100')).status).toBe(401)
    const { token } = await liveUser('500')
    const res = await ask(token, '100', {}, null as unknown as string)
    expect(res.status).toBe(400)
    expect(await usdt(token)).toMatchObject({ available: '500', locked: '0' })
  })
})

describe('a user reads only their own withdrawals', () => {
  it('answers 404 for another user\'s withdrawal, and lists none of theirs', async () => {
    const alice = await liveUser('500')
    const w = (await ask(alice.token, '100')).body.data as Withdrawal
    const bob = await liveUser('500')
    const res = await get(`/api/getWithdrawal?id=${w.id}`, bob.token)
    expect([res.status, res.body.msg]).toEqual([404, 'Withdrawal not found'])
    expect(((await get('/api/getMyWithdrawals', bob.token)).body.data as WithdrawalPage).total).toBe(0)
  })

  it('answers 401 to every read without a token', async () => {
    for (const url of ['/api/getMyWithdrawals', '/api/getWithdrawInfo', '/api/getWithdrawal?id=1']) expect((await get(url)).status).toBe(401)
  })
})

describe('the operators\' queue', () => {
  it('a finance operator approves with the payout hash: paid, the locked amount leaves, the user is told', async () => {
    const { token } = await liveUser('500')
    const w = (await ask(token, '100')).body.data as Withdrawal
    const finance = await signInOperator(app, ['finance'])
    expect(await inOpenQueue(w.id, finance.token)).toMatchObject({ status: 'pending', needsSecond: false, receive: '99' })
    const txHash = hash()
    const res = await opPost('/api/ops/withdrawals/approve', finance.token, { id: w.id, txHash: txHash.toUpperCase().replace('0X', '0x') })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'paid', txHash, decidedOperator: finance.name, chainChecked: false })
    expect((await get(`/api/getWithdrawal?id=${w.id}`, token)).body.data).toMatchObject({ status: 'paid', txHash })
    expect(await usdt(token)).toMatchObject({ available: '400', locked: '0', total: '400' })
    // Paying out moves nothing more from what is available: the request already took it.
    const record = (await get('/api/getMyTransactionRecord?kind=withdrawal', token)).body.data as { list: { text: string; amount: string }[] }
    expect(record.list.map((r) => [r.text, r.amount])).toEqual([
      [`Withdrawal #${w.id} paid out: 99.00 sent, fee 1.00`, '0'],
      [`Withdrawal #${w.id} requested: 100.00 held until it is paid out`, '-100'],
    ])
    expect(((await get('/api/getMyTransactionRecord?kind=fee', token)).body.data as { list: { event: string; fee: string }[] }).list).toMatchObject([{ event: 'withdrawal_paid', fee: '1' }])
    const messages = (await get('/api/getMyMessage', token)).body.data as { list: { title: string }[] }
    expect(messages.list[0]!.title).toBe('Withdrawal paid')
    const [entry] = await auditOf(w.id)
    expect(entry).toMatchObject({ action: 'withdrawals.approve', operatorName: finance.name, before: { status: 'pending' }, after: { status: 'paid', txHash } })
    await expectReconciled()
  })

  it('refuses an approval without a hash, a hash already used, a bad hash, twice, and an unknown id', async () => {
    const { token } = await liveUser('500')
    const a = (await ask(token, '100')).body.data as Withdrawal
    const b = (await ask(token, '100')).body.data as Withdrawal
    const finance = await signInOperator(app, ['finance'])
    const approve = (body: unknown) => opPost('/api/ops/withdrawals/approve', finance.token, body)
    expect((await approve({ id: a.id })).body).toMatchObject({ code: 400, msg: 'Enter the transaction hash of the payout' })
    expect((await approve({ id: a.id, txHash: '0x1234' })).body).toMatchObject({ code: 400, msg: 'Invalid input: txHash' })
    const txHash = hash()
    expect((await approve({ id: a.id, txHash })).status).toBe(200)
    expect((await approve({ id: a.id, txHash: hash() })).body).toMatchObject({ code: 409, msg: 'This withdrawal has already been decided' })
    expect((await approve({ id: b.id, txHash })).body).toMatchObject({ code: 409, msg: 'This transaction hash already pays another withdrawal' })
    expect((await approve({ id: '99999999', txHash: hash() })).body).toMatchObject({ code: 404, msg: 'Withdrawal not found' })
    expect(await usdt(token)).toMatchObject({ available: '300', locked: '100' })
    await expectReconciled()
  })

  it('rejects with a reason: the amount is available again and the user reads why', async () => {
    const { token } = await liveUser('500')
    const w = (await ask(token, '100')).body.data as Withdrawal
    const finance = await signInOperator(app, ['finance'])
    expect((await opPost('/api/ops/withdrawals/reject', finance.token, { id: w.id, reason: ' ' })).body).toMatchObject({ code: 400, msg: 'Invalid input: reason' })
    const res = await opPost('/api/ops/withdrawals/reject', finance.token, { id: w.id, reason: 'The address belongs to a sanctioned exchange' })
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: 'The address belongs to a sanctioned exchange' })
    expect((await get(`/api/getWithdrawal?id=${w.id}`, token)).body.data).toMatchObject({ status: 'rejected', rejectReason: 'The address belongs to a sanctioned exchange' })
    expect(await usdt(token)).toMatchObject({ available: '500', locked: '0' })
    const record = (await get('/api/getMyTransactionRecord?kind=withdrawal', token)).body.data as { list: { text: string; amount: string; balanceAfter: string }[] }
    expect(record.list.map((r) => [r.text, r.amount, r.balanceAfter])).toEqual([
      [`Withdrawal #${w.id} rejected: 100.00 available again`, '100', '500'],
      [`Withdrawal #${w.id} requested: 100.00 held until it is paid out`, '-100', '400'],
    ])
    expect(((await get('/api/getMyMessage', token)).body.data as { list: { title: string }[] }).list[0]!.title).toBe('Withdrawal rejected')
    expect((await opPost('/api/ops/withdrawals/reject', finance.token, { id: w.id, reason: 'again' })).status).toBe(409)
    expect((await opPost('/api/ops/withdrawals/approve', finance.token, { id: w.id, txHash: hash() })).status).toBe(409)
    expect(await auditOf(w.id)).toEqual([expect.objectContaining({ action: 'withdrawals.reject', after: { status: 'rejected', reason: 'The address belongs to a sanctioned exchange' } })])
    await expectReconciled()
  })

  it('above 10 000 USDT a second, different operator confirms; the first cannot confirm their own approval', async () => {
    const { token } = await liveUser('20000', { kyc: true })
    const w = (await ask(token, '15000')).body.data as Withdrawal
    const first = await signInOperator(app, ['finance'])
    const second = await signInOperator(app, ['admin'])
    const approve = (op: { token: string }, body: unknown) => opPost('/api/ops/withdrawals/approve', op.token, body)
    expect((await approve(first, { id: w.id, txHash: hash() })).body).toMatchObject({ code: 400 })
    const once = await approve(first, { id: w.id })
    expect(once.body.data).toMatchObject({ status: 'awaiting_second', needsSecond: true, firstOperator: first.name })
    expect((await get(`/api/getWithdrawal?id=${w.id}`, token)).body.data).toMatchObject({ status: 'awaiting_second' })
    expect(await usdt(token)).toMatchObject({ available: '5000', locked: '15000' })
    const same = await approve(first, { id: w.id, txHash: hash() })
    expect([same.status, same.body.msg]).toEqual([403, 'You approved this withdrawal first: a second, different operator must confirm it'])
    const txHash = hash()
    const confirmed = await approve(second, { id: w.id, txHash })
    expect(confirmed.body.data).toMatchObject({ status: 'paid', txHash, firstOperator: first.name, decidedOperator: second.name })
    expect(await usdt(token)).toMatchObject({ available: '5000', locked: '0' })
    expect((await auditOf(w.id)).map((e) => [e.action, e.operatorName]).sort()).toEqual([['withdrawals.approve', first.name], ['withdrawals.confirm', second.name]].sort())
    await expectReconciled()
  })

  it('keeps the two-person rule a withdrawal was asked under: only an admin moves the amount, audited, for later withdrawals', async () => {
    const { token } = await liveUser('40000', { kyc: true })
    const before = (await ask(token, '15000')).body.data as Withdrawal
    const finance = await signInOperator(app, ['finance'])
    const raise = (op: string, amount: string | null) =>
      opPost('/api/ops/funds/networks/update', op, { currency: 'USDT', network: 'ERC20', withdrawSecondConfirmAbove: amount })
    try {
      const refused = await raise(finance.token, '1000000')
      expect([refused.status, refused.body.msg]).toEqual([403, 'Only an admin may change the amount above which a second operator must confirm a withdrawal'])
      // The finance console sends the whole form: the unchanged amount passes.
      expect((await raise(finance.token, '10000')).status).toBe(200)
      expect((await raise(admin, '1000000')).body.data).toMatchObject({ withdrawSecondConfirmAbove: '1000000' })
      const trail = ((await get('/api/ops/audit?subject=network:USDT:ERC20', admin)).body.data as { list: AuditEntry[] }).list
      expect(trail.find((e) => e.action === 'funds.secondConfirmAbove')).toMatchObject({
        before: { withdrawSecondConfirmAbove: '10000' },
        after: { withdrawSecondConfirmAbove: '1000000' },
      })

      // Asked under 10 000: still two operators, whatever the amount is now.
      const alone = await opPost('/api/ops/withdrawals/approve', finance.token, { id: before.id, txHash: hash() })
      expect(alone.status).toBe(400)
      expect((await opPost('/api/ops/withdrawals/approve', finance.token, { id: before.id })).body.data).toMatchObject({ status: 'awaiting_second', needsSecond: true })
      // Asked after the change: one operator pays it.
      const after = (await ask(token, '15000')).body.data as Withdrawal
      const paid = await opPost('/api/ops/withdrawals/approve', finance.token, { id: after.id, txHash: hash() })
      expect(paid.body.data).toMatchObject({ status: 'paid', needsSecond: false })
      await expectReconciled()
    } finally {
      await resetNetworks(app)
    }
  })

  it('is held by the database too: a withdrawal that needs two is not paid without a first approval', async () => {
    const { token } = await liveUser('20000', { kyc: true })
    const w = (await ask(token, '15000')).body.data as Withdrawal
    const payAlone = app.db
      .update(withdrawals)
      .set({ status: 'paid', txHash: hash(), decidedOperatorId: randomUUID() })
      .where(eq(withdrawals.id, BigInt(w.id)))
    await expect(payAlone).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) })
  })

  it('is held by the database too: a payout confirmed by its own first approver is refused', async () => {
    const { token } = await liveUser('500')
    const w = (await ask(token, '100')).body.data as Withdrawal
    const operator = randomUUID()
    const sameTwice = app.db
      .update(withdrawals)
      .set({ status: 'paid', txHash: hash(), firstOperatorId: operator, decidedOperatorId: operator })
      .where(eq(withdrawals.id, BigInt(w.id)))
    await expect(sameTwice).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) })
  })

  it('answers 401 without an operator token (a user\'s token included) and 403 to other roles, changing nothing', async () => {
    const { token } = await liveUser('500')
    const w = (await ask(token, '100')).body.data as Withdrawal
    const support = await signInOperator(app, ['support', 'compliance'])
    for (const t of [undefined, token]) {
      expect((await get('/api/ops/withdrawals', t)).status).toBe(401)
      expect((await opPost('/api/ops/withdrawals/approve', t, { id: w.id, txHash: hash() })).status).toBe(401)
    }
    const denied = await opPost('/api/ops/withdrawals/approve', support.token, { id: w.id, txHash: hash() })
    expect([denied.status, denied.body.msg]).toEqual([403, 'Your operator roles do not allow this'])
    expect((await opPost('/api/ops/withdrawals/reject', support.token, { id: w.id, reason: 'no reason' })).status).toBe(403)
    expect((await get('/api/ops/withdrawals', support.token)).status).toBe(403)
    expect((await get(`/api/getWithdrawal?id=${w.id}`, token)).body.data).toMatchObject({ status: 'pending' })
  })
})
