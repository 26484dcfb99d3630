// Loans, the borrower's side: the offer for their verification level, asking (the agreement is written on demand
// until signed), signing by a drawn PNG (the signed PDF and its SHA-256 stored), repaying from the live book, and
// reading their own loans and agreements. The operators' side is loans.ops.ts; lateness is loans.late.ts.
import { createHash } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { loanIssue, loanQuote, LOAN_SCALE, type LoanIssue, type LoanOffer } from '#contract/loan-math.ts'
import type { ApplyLoan, Loan, LoanPage, LoanTerms, RepayLoan, SignLoan } from '#contract/loans.ts'
import { DEFAULT_LANGUAGE, isLanguageCode } from '#contract/locales.ts'
import { dec } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { userLabels } from '../auth/users.repository.ts'
import { kycStateOf } from '../kyc/kyc.status.ts'
import { bookState, figuresOf } from '../orders/orders.money.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { pricingOf } from '../orders/orders.service.ts'
import { spendable } from '#contract/trading-account.ts'
import { chargeLateDays } from './loans.late.ts'
import { repaymentJournal } from './loans.money.ts'
import { SignatureImageError } from './signature-error.ts'
import { loans, type LoanRow } from './loans.table.ts'
import { owedOf, toLoan, writeAgreement } from './loans.view.ts'

/** The offer at the user's verification level; null limits: not verified, no loan. */
async function offerFor(app: FastifyInstance, db: DbOrTx, userId: string): Promise<{ offer: LoanOffer; verified: boolean }> {
  const conf = app.conf.loans
  const state = await kycStateOf(db, userId)
  const level = state === 'verified' ? conf.limits.verified : null
  const limits = level ?? conf.limits.verified
  const offer = { currency: conf.currency, dailyRate: conf.dailyRate, lateDailyRate: conf.lateDailyRate, termDays: conf.termDays, ...limits }
  return { offer, verified: level !== null }
}

export async function loanTerms(app: FastifyInstance, user: AuthUser): Promise<LoanTerms> {
  const { offer, verified } = await offerFor(app, app.db, user.id)
  return { verified, currency: offer.currency, dailyRate: offer.dailyRate, lateDailyRate: offer.lateDailyRate, termDays: [...offer.termDays], min: offer.min, max: offer.max }
}

function issueError(issue: LoanIssue, offer: LoanOffer): AppError {
  switch (issue.code) {
    case 'empty':
      return new AppError(400, 'loanAmountEmpty')
    case 'invalid':
    case 'tooPrecise':
      return new AppError(400, 'loanAmountInvalid')
    case 'belowMin':
      return new AppError(400, 'loanBelowMin', { min: issue.min, currency: offer.currency })
    case 'aboveMax':
      return new AppError(400, 'loanAboveMax', { max: issue.max, currency: offer.currency })
    case 'term':
      return new AppError(400, 'loanTermInvalid', { terms: offer.termDays.join(', ') })
  }
}

async function verifiedOffer(app: FastifyInstance, userId: string): Promise<LoanOffer> {
  const { offer, verified } = await offerFor(app, app.db, userId)
  if (!verified) throw new AppError(403, 'loanKycRequired')
  return offer
}

export async function applyLoan(app: FastifyInstance, user: AuthUser, body: ApplyLoan, key: string, language: string | undefined): Promise<Loan> {
  const offer = await verifiedOffer(app, user.id)
  const issue = loanIssue(body.amount, body.termDays, offer)
  if (issue) throw issueError(issue, offer)
  const now = app.now()
  const quote = loanQuote({ amount: body.amount, termDays: body.termDays, start: now, offer })
  const [inserted] = await app.db
    .insert(loans)
    .values({
      userId: user.id,
      currency: offer.currency,
      amount: quote.amount,
      termDays: quote.termDays,
      dailyRate: offer.dailyRate,
      lateDailyRate: offer.lateDailyRate,
      interest: quote.interest,
      totalRepayment: quote.totalRepayment,
      damagesPerDay: quote.damagesPerDay,
      status: 'not_signed',
      language: isLanguageCode(language) ? language : DEFAULT_LANGUAGE,
      requestKey: key,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: loans.requestKey })
    .returning()
  const row = inserted ?? (await app.db.select().from(loans).where(eq(loans.requestKey, key)))[0]!
  return toLoan(row, now)
}

/** The caller's loan, or 404 (another user's is not theirs to know about). */
async function ownRow(db: DbOrTx, userId: string, id: string, lock = false): Promise<LoanRow> {
  const query = db.select().from(loans).where(and(eq(loans.id, BigInt(id)), eq(loans.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, 'loanNotFound')
  return row
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A drawn signature's largest size (the pad is 480 × 160): pdf-lib decodes every pixel, so a small file claiming a
 * huge image (a pixel flood) is refused from its header before anything is decoded. */
const SIGNATURE_MAX = { width: 2000, height: 1000 }

/** A PNG of at most SIGNATURE_MAX, judged by its signature and IHDR (width and height, big-endian, at bytes 16 and 20). */
const isSignaturePng = (png: Buffer) =>
  png.length > 24 &&
  png.subarray(0, 8).equals(PNG_MAGIC) &&
  png.toString('latin1', 12, 16) === 'IHDR' &&
  png.readUInt32BE(16) <= SIGNATURE_MAX.width &&
  png.readUInt32BE(20) <= SIGNATURE_MAX.height
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const borrowerOf = async (db: DbOrTx, userId: string) => (await userLabels(db as Db, [userId])).get(userId) ?? userId

/** Signs (or re-signs, until an operator decides) with a drawn PNG: the signed PDF and its SHA-256 are stored. */
export async function signLoan(app: FastifyInstance, user: AuthUser, body: SignLoan): Promise<Loan> {
  await verifiedOffer(app, user.id)
  const png = Buffer.from(body.signature, 'base64')
  if (!isSignaturePng(png)) throw new AppError(400, 'loanSignatureInvalid')
  const seen = await ownRow(app.db, user.id, body.id)
  if (seen.status !== 'not_signed' && seen.status !== 'signed') throw new AppError(409, 'loanNotSignable')
  const now = app.now()
  // Written outside the transaction: the PDF takes a moment and never holds the row's lock.
  const pdf = await writeAgreement(app, seen, await borrowerOf(app.db, user.id), { png, signedAt: now }).catch((error: unknown) => {
    throw error instanceof SignatureImageError ? new AppError(400, 'loanSignatureInvalid') : error
  })
  const row = await app.db.transaction(async (tx) => {
    const current = await ownRow(tx, user.id, body.id, true)
    if (current.status !== 'not_signed' && current.status !== 'signed') throw new AppError(409, 'loanNotSignable')
    const [updated] = await tx
      .update(loans)
      .set({ status: 'signed', signedPdf: Buffer.from(pdf), signedHash: sha256(pdf), signedAt: now, updatedAt: now })
      .where(eq(loans.id, current.id))
      .returning()
    return updated!
  })
  return toLoan(row, now)
}

/** What may leave the live book in `currency` now: available, less any open loss of positions margined in it (the
 * trading account's own definition, as withdrawals use it): a repayment never spends money an open loss needs. */
async function repayable(app: FastifyInstance, tx: Tx, userId: string, currency: string): Promise<string> {
  const state = await bookState(tx, userId, 'live', currency, pricingOf(app))
  if (!state.positions.some((p) => p.marginCurrency === currency)) return state.available.toFixed()
  return spendable(figuresOf({ ...state, floatingInFree: 'loss_only' })).toFixed()
}

export async function repayLoan(app: FastifyInstance, user: AuthUser, body: RepayLoan, key: string): Promise<Loan> {
  if (dec(body.amount).decimalPlaces() > LOAN_SCALE) throw new AppError(400, 'loanAmountInvalid')
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx): Promise<{ row: LoanRow; posted: Posted }> => {
      // The book's lock first (orders and withdrawals take it too), then the loan's row.
      await lockBook(tx, user.id, 'live')
      const locked = await ownRow(tx, user.id, body.id, true)
      if (locked.status !== 'active') throw new AppError(409, 'loanNotActive')
      const now = app.now()
      // Days late until now are owed before this repayment counts (the daily job may not have run yet).
      const current = await chargeLateDays(tx, locked, now)
      const owed = owedOf(current)
      if (dec(body.amount).gt(owed)) throw new AppError(400, 'loanRepayTooMuch', { owed: owed.toFixed(LOAN_SCALE), currency: current.currency })
      const free = await repayable(app, tx, user.id, current.currency)
      if (dec(body.amount).gt(free)) throw new AppError(409, 'loanRepayInsufficient', { available: free, currency: current.currency })
      const posted = await postJournal(tx, repaymentJournal(current, dec(body.amount).toFixed(), key))
      const repaid = dec(current.repaid).plus(body.amount)
      const [updated] = await tx
        .update(loans)
        .set({ repaid: repaid.toFixed(), status: owed.eq(body.amount) ? 'repaid' : 'active', updatedAt: now })
        .where(eq(loans.id, current.id))
        .returning()
      return { row: updated!, posted }
    }),
  )
  await pushBalanceUpdates(app, posted)
  return toLoan(row, app.now())
}

export async function myLoans(app: FastifyInstance, userId: string, page: number, size: number): Promise<LoanPage> {
  const where = eq(loans.userId, userId)
  const [rows, [total]] = await Promise.all([
    app.db.select().from(loans).where(where).orderBy(desc(loans.id)).limit(size).offset((page - 1) * size),
    app.db.select({ n: count() }).from(loans).where(where),
  ])
  const now = app.now()
  return { list: rows.map((row) => toLoan(row, now)), total: total?.n ?? 0, page, size }
}

/** The agreement as it stands: the signed PDF as stored, or (before signing) written now, saying Not Signed. */
export async function agreementOf(app: FastifyInstance, row: LoanRow): Promise<Uint8Array> {
  if (row.signedPdf) return row.signedPdf
  return writeAgreement(app, row, await borrowerOf(app.db, row.userId), null)
}

export const myAgreement = async (app: FastifyInstance, userId: string, id: string) => agreementOf(app, await ownRow(app.db, userId, id))
