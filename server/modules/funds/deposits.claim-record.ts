// Who holds a transfer claimed twice. Transaction hashes are public, so a stranger may claim someone's transfer to the
// house before its sender does; such a claim waits for an operator (foreignSender) and must not lock the sender out.
// The claim of the transfer's proven sender (an address they proved, deposits.service.ts provenAddresses) wins:
// - over a stranger's waiting claim, which is closed as rejected with senderClaimed on its check (the claimant's list
//   and the console say why), while the sender's claim goes on as any proven claim;
// - not over a stranger's claim an operator already credited: the money went out once, so the sender's claim waits
//   for an operator with creditedToOther on its check, beside the credited one, and is never credited on its own.
// Any other second claim (the same user's again, a transfer the follower found, a stranger's second try) is refused.
// Claims of one transfer take a lock on it, so two at once are decided one after the other; the database keeps one
// waiting and one credited claim per transaction (0040_proven_sender_claim.sql), whatever else races.
import { and, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DepositCheck } from '#contract/deposits.ts'
import { AppError } from '../../app-error.ts'
import type { DepositRow } from './deposits.service.ts'
import { deposits } from './funds.table.ts'

export type ClaimValues = typeof deposits.$inferInsert & { status: 'pending' | 'review'; checkResult: DepositCheck | null }

/** The check shows the claimant sent the transfer: it paid the house, from an address they proved. */
export const provenSender = (check: DepositCheck | null) => check !== null && check.from !== null && !check.problems.includes('foreignSender')

/** A claim its claimant never showed to be theirs: made without a check, or of a transfer from a stranger's address. */
const strangers = (row: DepositRow) => row.source === 'claim' && !provenSender(row.checkResult as DepositCheck | null)

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {}
  return cause.code === '23505' || cause.cause?.code === '23505'
}

/** A check with one more problem; a claim closed without one gets one that says only that. */
const withProblem = (check: DepositCheck | null, problem: DepositCheck['problems'][number], now: number): DepositCheck =>
  check ? { ...check, problems: [...check.problems, problem] } : { checkedAt: now, amount: null, from: null, confirmations: null, problems: [problem] }

/**
 * Records a claim against the rows that hold its transfer, in one transaction under the transfer's lock. Answers the
 * new row and the strangers' claims it closed; 409 depositTxClaimed when the transfer stays someone else's.
 */
export async function recordClaim(app: FastifyInstance, values: ClaimValues): Promise<{ row: DepositRow; closed: DepositRow[] }> {
  const proven = provenSender(values.checkResult)
  try {
    return await app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`deposit-claim:${values.network}:${values.txHash}`}, 0))`)
      const holders = await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.network, values.network), eq(deposits.txHash, values.txHash), ne(deposits.status, 'rejected')))
        .orderBy(deposits.id)
        .for('update')
      if (holders.length > 0 && (!proven || holders.some((h) => h.userId === values.userId || !strangers(h)))) throw new AppError(409, 'depositTxClaimed')
      const credited = holders.some((h) => h.status === 'credited')
      const closed: DepositRow[] = []
      if (!credited) {
        for (const h of holders) {
          const [done] = await tx
            .update(deposits)
            .set({ status: 'rejected', checkResult: withProblem(h.checkResult as DepositCheck | null, 'senderClaimed', app.now()), updatedAt: new Date() })
            .where(eq(deposits.id, h.id))
            .returning()
          closed.push(done!)
        }
      }
      // Credited to a stranger's claim already: an operator sees both and decides; nothing is credited twice.
      const row = credited ? { ...values, status: 'review' as const, checkResult: withProblem(values.checkResult, 'creditedToOther', app.now()) } : values
      const [inserted] = await tx.insert(deposits).values(row).returning()
      return { row: inserted!, closed }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'depositTxClaimed')
    throw error
  }
}
