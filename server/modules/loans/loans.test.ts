// Loans through HTTP on the database (PGlite, or PostgreSQL with DATABASE_URL): a verified user asks, signs by a
// drawn PNG, an operator approves from the funded lending reserve, the user repays; lateness adds the disclosed
// damages once per day. Each endpoint's refusals change nothing, and the books reconcile after every test.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Balance } from '#contract/account.ts'
import { DAY_MS, loanQuote } from '#contract/loan-math.ts'
import type { Loan, LoanPage, LoanTerms } from '#contract/loans.ts'
import type { AuditEntry } from '#contract/ops.ts'
import type { LendingReserve, OpsLoan } from '#contract/ops-loans.ts'
import { dec } from '#contract/trading-math.ts'
import { postJournal } from '../../ledger/post.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { buildTestApp, call } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { chargeOverdueLoans } from './loans.late.ts'
import { loans } from './loans.table.ts'
import { borrower, signaturePng } from './test-loans.ts'

const LIMITS = { min: '50', max: '100000000' }
const clock = { now: Date.UTC(2026, 10, 28, 12) }
let app: FastifyInstance
let uploadDir: string
let finance: string
let admin: string
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-loans-'))
  app = await buildTestApp({
    uploadDir,
    now: () => clock.now,
    // The lateness test moves the clock past the due date: sessions outlive it.
    sessionTtlMs: 400 * DAY_MS,
    loans: { currency: 'USDT', dailyRate: '0.001', lateDailyRate: '0.005', termDays: [7, 30], limits: { verified: LIMITS } },
  })
  finance = (await signInOperator(app, ['finance'])).token
  admin = (await signInOperator(app, ['admin'])).token
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})
afterEach(async () => expect((await reconcile(app.db)).ok).toBe(true))

const post = (url: string, token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
  call(app, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} })
const get = (url: string, token?: string) => call(app, 'GET', url, { token })
const opPost = (url: string, body: unknown, token = finance) => call(app, 'POST', url, { token, body })
const apply = (token: string, amount: string, termDays = 30, key?: string) => post('/api/customer/loan', token, { amount, termDays }, key)
const sign = async (token: string, id: string) => post('/api/customer/loan/sign', token, { id, signature: await signaturePng() })
const repay = (token: string, id: string, amount: string, key?: string) => post('/api/customer/repayment', token, { id, amount }, key)
const liveUsdt = async (token: string) => {
  await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })
  return ((await get('/api/getBalance', token)).body.data as Balance).currencies.find((c) => c.currency === 'USDT')!.available
}
const reserve = async () => (await get('/api/ops/loans/reserve', finance)).body.data as LendingReserve
const fund = (amount: string, reference: string = randomUUID()) => opPost('/api/ops/loans/fund', { amount, reference })
const myLoans = async (token: string) => (await get('/api/queryMyLoanOrders', token)).body.data as LoanPage
/** Credits the user's live book as a deposit would (the withdrawals tests do the same). */
const deposit = (userId: string, amount: string) =>
  postJournal(app.db, {
    kind: 'deposit', reason: 'transfer', idempotencyKey: `test-funding:${randomUUID()}`, userId,
    legs: [
      { account: { ownerId: userId, book: 'live', kind: 'available' }, amount, currency: 'USDT' },
      { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: `-${amount}`, currency: 'USDT' },
    ],
  })
const loanRows = async (userId: string) => app.db.select().from(loans).where(eq(loans.userId, userId))

/** A verified user's loan of `amount` for 30 days, signed and approved from a reserve funded for it. */
async function activeLoan(amount: string, live?: string) {
  const user = await borrower(app, live ? { live } : {})
  const loan = (await apply(user.token, amount)).body.data as Loan
  await sign(user.token, loan.id)
  expect((await fund(amount)).status).toBe(200)
  const approved = await opPost('/api/ops/loans/approve', { id: loan.id })
  expect(approved.status).toBe(200)
  return { user, loan: approved.body.data as OpsLoan }
}

describe('GET /api/customer/loan/terms', () => {
  it("tells a verified user the offer and their level's limits, an unverified one that they are not verified", async () => {
    const verified = await borrower(app)
    expect((await get('/api/customer/loan/terms', verified.token)).body.data).toEqual({
      verified: true, currency: 'USDT', dailyRate: '0.001', lateDailyRate: '0.005', termDays: [7, 30], ...LIMITS,
    } satisfies LoanTerms)
    const other = await borrower(app, { verified: false })
    expect(((await get('/api/customer/loan/terms', other.token)).body.data as LoanTerms).verified).toBe(false)
    expect((await get('/api/customer/loan/terms')).status).toBe(401)
  })
})

describe('POST /api/customer/loan', () => {
  it('records the numbers the screen showed (one shared function), not signed yet', async () => {
    const { token } = await borrower(app)
    const res = await apply(token, '1000')
    expect(res.status).toBe(200)
    const quote = loanQuote({ amount: '1000', termDays: 30, start: clock.now, offer: { dailyRate: '0.001', lateDailyRate: '0.005' } })
    expect(res.body.data).toMatchObject({
      amount: '1000.00', termDays: 30, interest: '30.00', totalRepayment: '1030.00', damagesPerDay: '5.00', owed: '1030.00',
      dueAt: quote.dueAt, status: 'not_signed', signedAt: null,
    } satisfies Partial<Loan>)
    expect(quote).toMatchObject({ interest: '30.00', totalRepayment: '1030.00', damagesPerDay: '5.00' })
    expect((await myLoans(token)).list.map((l) => l.id)).toEqual([(res.body.data as Loan).id])
  })

  it('answers a repeated Idempotency-Key with the first loan and records one', async () => {
    const user = await borrower(app)
    const key = randomUUID()
    const first = await apply(user.token, '200', 30, key)
    const again = await apply(user.token, '200', 30, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await loanRows(user.id)).toHaveLength(1)
  })

  it.each([
    ['', 30, 'enter loan amount'],
    ['abc', 30, 'Enter the loan amount as a number, with at most 2 decimals'],
    ['100.001', 30, 'Enter the loan amount as a number, with at most 2 decimals'],
    ['49.99', 30, 'The smallest loan is 50 USDT'],
    ['100000000.01', 30, 'The largest loan for your verification level is 100,000,000 USDT'],
    ['100', 10, 'Pick one of the offered terms: 7, 30 days'],
  ] as const)('refuses %o for %i days with 400 %s and records nothing', async (amount, termDays, msg) => {
    const user = await borrower(app)
    const res = await apply(user.token, amount, termDays)
    expect([res.status, res.body.msg]).toEqual([400, msg])
    expect(await loanRows(user.id)).toHaveLength(0)
  })

  it('asks an unverified user to perform KYC certification (403), and a stranger to sign in (401)', async () => {
    const user = await borrower(app, { verified: false })
    const res = await apply(user.token, '100')
    expect([res.status, res.body.msg]).toEqual([403, 'perform KYC certification: loans need a verified identity'])
    expect(await loanRows(user.id)).toHaveLength(0)
    expect((await post('/api/customer/loan', undefined, { amount: '100', termDays: 30 })).status).toBe(401)
  })
})

describe('POST /api/customer/loan/sign and the agreement', () => {
  it('signs, stores the signed PDF and its SHA-256, and re-signs until an operator decides', async () => {
    const { token } = await borrower(app)
    const loan = (await apply(token, '300')).body.data as Loan
    const unsigned = await app.inject({ method: 'GET', url: `/api/customer/loan/agreement?id=${loan.id}`, headers: { authorization: `Bearer ${token}` } })
    expect([unsigned.statusCode, unsigned.headers['content-type']]).toEqual([200, 'application/pdf'])
    const signed = await sign(token, loan.id)
    expect(signed.status).toBe(200)
    expect(signed.body.data).toMatchObject({ status: 'signed', signedAt: clock.now })
    const [first] = await app.db.select().from(loans).where(eq(loans.id, BigInt(loan.id)))
    expect(first!.signedHash).toMatch(/^[0-9a-f]{64}$/)
    const download = await app.inject({ method: 'GET', url: `/api/customer/loan/agreement?id=${loan.id}`, headers: { authorization: `Bearer ${token}` } })
    expect(Buffer.from(download.rawPayload).equals(first!.signedPdf!)).toBe(true)
    clock.now += 1000
    expect((await sign(token, loan.id)).status).toBe(200)
    const [second] = await app.db.select().from(loans).where(eq(loans.id, BigInt(loan.id)))
    expect(second!.signedHash).not.toBe(first!.signedHash)
  })

  it("writes the agreement in the borrower's language, and in English for a language the app does not have", async () => {
    const { token } = await borrower(app)
    const german = (await call(app, 'POST', '/api/customer/loan', { token, body: { amount: '250', termDays: 7 }, headers: { 'idempotency-key': randomUUID(), language: 'de_DE' } })).body.data as Loan
    const unknown = (await call(app, 'POST', '/api/customer/loan', { token, body: { amount: '250', termDays: 7 }, headers: { 'idempotency-key': randomUUID(), language: 'xx_XX' } })).body.data as Loan
    const text = async (id: string) => {
      const pdf = await app.inject({ method: 'GET', url: `/api/customer/loan/agreement?id=${id}`, headers: { authorization: `Bearer ${token}` } })
      return (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text
    }
    expect(await text(german.id)).toContain('Kreditvertrag')
    expect(await text(unknown.id)).toContain('Loan agreement')
  })

  it('refuses a signature that is not a PNG (400), another user’s loan (404), no sign-in (401), an unverified user (403)', async () => {
    const owner = await borrower(app)
    const loan = (await apply(owner.token, '300')).body.data as Loan
    const notPng = await post('/api/customer/loan/sign', owner.token, { id: loan.id, signature: Buffer.from('<svg>'.repeat(20)).toString('base64') })
    expect([notPng.status, notPng.body.msg]).toEqual([400, 'The signature is not a PNG image: draw it again'])
    // A small file whose header claims 30 000 × 30 000 pixels is refused before anything is decoded.
    const flood = Buffer.from(await signaturePng(), 'base64')
    flood.writeUInt32BE(30_000, 16)
    flood.writeUInt32BE(30_000, 20)
    expect((await post('/api/customer/loan/sign', owner.token, { id: loan.id, signature: flood.toString('base64') })).status).toBe(400)
    const other = await borrower(app)
    expect((await sign(other.token, loan.id)).status).toBe(404)
    const download = await app.inject({ method: 'GET', url: `/api/customer/loan/agreement?id=${loan.id}`, headers: { authorization: `Bearer ${other.token}` } })
    expect(download.statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `/api/customer/loan/agreement?id=${loan.id}` })).statusCode).toBe(401)
    expect((await post('/api/customer/loan/sign', undefined, { id: loan.id, signature: await signaturePng() })).status).toBe(401)
    const unverified = await borrower(app, { verified: false })
    expect((await sign(unverified.token, loan.id)).status).toBe(403)
    expect((await app.db.select().from(loans).where(eq(loans.id, BigInt(loan.id))))[0]!.status).toBe('not_signed')
  })
})

describe('the console: approve, reject, the reserve', () => {
  it('approves a signed loan: the principal leaves the reserve for the live book; every action audited', async () => {
    const user = await borrower(app)
    const loan = (await apply(user.token, '500')).body.data as Loan
    expect((await opPost('/api/ops/loans/approve', { id: loan.id })).body.msg).toBe('Not Signed: the borrower has not signed the agreement')
    await sign(user.token, loan.id)
    const fundingRef = randomUUID()
    await fund('500', fundingRef)
    await fund('500', fundingRef) // a retried click funds once
    const fundings = (await get('/api/ops/audit?subject=lending-reserve:USDT&size=100', admin)).body.data as { list: AuditEntry[] }
    expect(fundings.list.filter((a) => JSON.stringify(a.after).includes(fundingRef)).map((a) => a.action)).toEqual(['loans.fund'])
    const before = await reserve()
    const res = await opPost('/api/ops/loans/approve', { id: loan.id })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'active', approvedAt: clock.now, dueAt: clock.now + 30 * DAY_MS, hashOk: true, owed: '515.00' })
    expect(await liveUsdt(user.token)).toBe('500')
    const after = await reserve()
    expect(dec(before.balance).minus(after.balance).toFixed()).toBe('500')
    expect(after.owedByDate.find((d) => d.date === new Date(clock.now + 30 * DAY_MS).toISOString().slice(0, 10))).toBeTruthy()
    expect((await opPost('/api/ops/loans/approve', { id: loan.id })).status).toBe(409)
    const audit = (await get(`/api/ops/audit?subject=loan:${loan.id}`, admin)).body.data as { list: AuditEntry[] }
    expect(audit.list.map((a) => a.action)).toEqual(['loans.approve'])
  })

  it('refuses to approve with 409 when the reserve holds less than the loan, and changes nothing', async () => {
    const user = await borrower(app)
    const held = (await reserve()).balance
    const amount = dec(held).plus(1000).toDecimalPlaces(0).toFixed()
    const loan = (await apply(user.token, amount)).body.data as Loan
    await sign(user.token, loan.id)
    const res = await opPost('/api/ops/loans/approve', { id: loan.id })
    expect(res.status).toBe(409)
    expect(res.body.msg).toContain('fund it first')
    expect(((await myLoans(user.token)).list[0]!).status).toBe('signed')
    expect((await reserve()).balance).toBe(held)
  })

  it('lets only one of two approvals racing for a reserve that covers one loan through (the other is a 409)', async () => {
    const users = await Promise.all([borrower(app), borrower(app)])
    const held = (await reserve()).balance
    const amount = dec(held).plus(1000).toDecimalPlaces(0).toFixed()
    const ids = await Promise.all(users.map(async (u) => ((await apply(u.token, amount)).body.data as Loan).id))
    await Promise.all(users.map((u, i) => sign(u.token, ids[i]!)))
    await fund(dec(amount).minus(held).toFixed())
    const results = await Promise.all(ids.map((id) => opPost('/api/ops/loans/approve', { id })))
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await reserve()).balance).toBe('0.00')
  })

  it('shows operators a signed agreement changed by one byte, and refuses to approve it', async () => {
    const user = await borrower(app)
    const loan = (await apply(user.token, '100')).body.data as Loan
    await sign(user.token, loan.id)
    await app.db.execute(sql`UPDATE loans SET signed_pdf = set_byte(signed_pdf, 200, get_byte(signed_pdf, 200) # 1) WHERE id = ${BigInt(loan.id)}`)
    const list = (await get('/api/ops/loans?state=waiting&size=100', finance)).body.data as { list: OpsLoan[] }
    expect(list.list.find((l) => l.id === loan.id)?.hashOk).toBe(false)
    await fund('100')
    const res = await opPost('/api/ops/loans/approve', { id: loan.id })
    expect([res.status, res.body.msg]).toEqual([409, 'The stored agreement no longer matches the hash taken at signing'])
  })

  it('rejects with a reason (audited); the console needs an operator (401) of finance (403); an unknown loan is 404', async () => {
    const user = await borrower(app)
    const loan = (await apply(user.token, '100')).body.data as Loan
    const res = await opPost('/api/ops/loans/reject', { id: loan.id, reason: 'Income not shown' })
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Income not shown' })
    const audit = (await get(`/api/ops/audit?subject=loan:${loan.id}`, admin)).body.data as { list: AuditEntry[] }
    expect(audit.list.map((a) => a.action)).toEqual(['loans.reject'])
    expect((await opPost('/api/ops/loans/reject', { id: loan.id, reason: 'x' })).status).toBe(400)
    expect((await opPost('/api/ops/loans/approve', { id: '999999999' })).status).toBe(404)
    expect((await call(app, 'POST', '/api/ops/loans/approve', { body: { id: loan.id } })).status).toBe(401)
    const support = (await signInOperator(app, ['support'])).token
    expect((await opPost('/api/ops/loans/approve', { id: loan.id }, support)).status).toBe(403)
    expect((await opPost('/api/ops/loans/fund', { amount: '-5', reference: randomUUID() })).status).toBe(400)
    const ops = await app.inject({ method: 'GET', url: `/api/ops/loans/agreement?id=${loan.id}`, headers: { authorization: `Bearer ${finance}` } })
    expect([ops.statusCode, ops.headers['content-type']]).toEqual([200, 'application/pdf'])
  })
})

describe('POST /api/customer/repayment', () => {
  it('repays in parts, then in full; a repeated key repays once', async () => {
    const { user, loan } = await activeLoan('1000')
    const key = randomUUID()
    const part = await repay(user.token, loan.id, '400', key)
    expect(part.body.data).toMatchObject({ status: 'active', repaid: '400.00', owed: '630.00' })
    const again = await repay(user.token, loan.id, '400', key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await liveUsdt(user.token)).toBe('600')
    // The interest is the borrower's to bring: 30 USDT more than the principal.
    await deposit(user.id, '30')
    const full = await repay(user.token, loan.id, '630')
    expect(full.body.data).toMatchObject({ status: 'repaid', owed: '0.00', repaid: '1030.00' })
    expect(await liveUsdt(user.token)).toBe('0')
    // The user's record tells each movement with its reason.
    const record = (await get('/api/getMyTransactionRecord?kind=loan', user.token)).body.data as { list: { text: string; amount: string }[] }
    expect(new Set(record.list.map((r) => r.text))).toEqual(new Set(['Loan credited', 'Loan repayment']))
    expect(record.list.reduce((sum, r) => sum.plus(r.amount), dec('0')).toFixed()).toBe('-30')
    expect((await repay(user.token, loan.id, '1')).status).toBe(409)
  })

  it('refuses more than is owed (400), more than the balance (409), another user’s loan (404), no sign-in (401)', async () => {
    const { user, loan } = await activeLoan('100')
    const over = await repay(user.token, loan.id, '103.01')
    expect([over.status, over.body.msg]).toEqual([400, 'You owe 103.00 USDT: repay at most that'])
    const poor = await repay(user.token, loan.id, '103')
    expect([poor.status, poor.body.msg]).toEqual([409, 'You can repay at most 100 USDT from your live account now'])
    const other = await borrower(app, { live: '500' })
    expect((await repay(other.token, loan.id, '10')).status).toBe(404)
    expect((await post('/api/customer/repayment', undefined, { id: loan.id, amount: '10' })).status).toBe(401)
    expect((await repay(user.token, loan.id, '-1')).status).toBe(400)
    expect(await liveUsdt(user.token)).toBe('100')
    expect(((await myLoans(user.token)).list[0]!).owed).toBe('103.00')
  })
})

describe('late repayment', () => {
  it('adds the disclosed damages once per whole day late, catching up missed days, and stops when repaid', async () => {
    const start = clock.now
    try {
      const { user, loan } = await activeLoan('100', '200')
      // 7-day terms are offered too, but this loan is 30 days: due at approval + 30 days.
      clock.now = loan.dueAt + DAY_MS / 2
      await chargeOverdueLoans(app, clock.now)
      expect(((await myLoans(user.token)).list[0]!).damagesCharged).toBe('0.00')
      clock.now = loan.dueAt + DAY_MS + 1
      await chargeOverdueLoans(app, clock.now)
      await chargeOverdueLoans(app, clock.now)
      expect(((await myLoans(user.token)).list[0]!).damagesCharged).toBe('0.50')
      // The leader was down for two days: both are charged at its next run, each once.
      clock.now = loan.dueAt + 3 * DAY_MS + 5
      await chargeOverdueLoans(app, clock.now)
      await chargeOverdueLoans(app, clock.now)
      const late = (await myLoans(user.token)).list[0]!
      expect([late.damagesCharged, late.owed]).toEqual(['1.50', '104.50'])
      // A repayment charges the days up to now first: day 4 has passed.
      clock.now = loan.dueAt + 4 * DAY_MS + 5
      const full = await repay(user.token, loan.id, '105.00')
      expect(full.body.data).toMatchObject({ status: 'repaid', owed: '0.00', damagesCharged: '2.00' })
      clock.now += 10 * DAY_MS
      await chargeOverdueLoans(app, clock.now)
      expect(((await myLoans(user.token)).list[0]!).damagesCharged).toBe('2.00')
    } finally {
      clock.now = start
    }
  })
})
