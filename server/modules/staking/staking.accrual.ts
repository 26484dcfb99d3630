// Node staking's daily reward, run by the leader (server/jobs/jobs.ts) beside the Smart plans' accrual through the same
// driver (server/modules/earn/accrual.ts: called until nothing is due, so missed days are caught up one step per day)
// and safe to run anywhere, any number of times. A step, in one transaction under the earn accrual's advisory lock:
// one UPDATE advances days_paid for every active pledge whose next day is due and answers them; then the day's money
// is posted on the Smart plans' pattern (docs/earn.md, "Accrual at scale"): one journal per book, currency and event
// (rewards, ends) and up to 250 pledges, not one per pledge, each pledge keeping its own entry on its user's account
// and the earmarked reserve's legs summed into one entry. Each journal is posted by the ledger's own SECURITY DEFINER
// function (ledger_post_batch), so the step needs no SQL function of its own and no migration. A pledge's day is paid
// once because days_paid moves in the transaction that pays it; a second run the same day finds nothing due by one
// probe of staking_pledges_due_idx (0046), so staking needs no mark like earn_accrual_mark (0048), which Smart plans
// need because they gave up their due index.
//
// The user's record (server/ledger/events.ts) shows a journal without a reference as one row per user: a user with
// pledges in two activities of one currency would see their rewards merged. So a user's second pledge of a book and
// currency goes in a second journal (the "rank" below): journals per step are books × currencies × events × the most
// pledges one user holds in a currency (the number of activities at most), and one more per 250 pledges.
// Days are UTC days of the earn clock (server/modules/earn/clock.ts).
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { dec } from '#contract/trading-math.ts'
import type { Db } from '../../db/client.ts'
import { postJournalsInTx, type JournalInput, type Leg } from '../../ledger/post.ts'
import type { Book } from '../../ledger/types.ts'
import { accrue, runAccrual, type AccrualStep, type Touched } from '../earn/accrual.ts'
import { houseLeg, userLeg } from '../earn/reserve.ts'

/** Beyond this many pledges in a step nobody is pushed balance_update (as the Smart plans' step). */
const PUSH_LIMIT = 1000
/** The most pledges one journal pays: ledger_post_batch's cost grows faster than the legs of one call (bench:accrual
 * with BENCH_PRODUCT=staking, 20 000 pledges: 93 s in one journal a book, 2-4 s in journals of 250). */
const JOURNAL_SIZE = 250

type Due = { id: string; user_id: string; book: Book; currency: string; daily: string; principal: string; day: number; ended: boolean; rest: string }
type Group = { book: Book; currency: string; rank: number; pledges: Due[] }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const houseEarmarked = (book: Book, currency: string, amount: string): Leg => houseLeg(book, 'earn_earmarked', currency, amount)
const pledgeLeg = (p: Due, kind: 'available' | 'staking', amount: string): Leg => userLeg(p.user_id, p.book, kind, p.currency, amount)

/** Pledges by book, currency and rank (a user's first, second ... pledge of that book and currency in this step). */
function groupsOf(pledges: Due[]): Group[] {
  const ranks = new Map<string, number>()
  const groups = new Map<string, Group>()
  for (const p of [...pledges].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))) {
    const own = `${p.user_id}:${p.book}:${p.currency}`
    const rank = ranks.get(own) ?? 0
    ranks.set(own, rank + 1)
    const key = `${p.book}:${p.currency}:${rank}`
    const group = groups.get(key) ?? { book: p.book, currency: p.currency, rank, pledges: [] }
    group.pledges.push(p)
    groups.set(key, group)
  }
  return [...groups.values()].flatMap((g) =>
    Array.from({ length: Math.ceil(g.pledges.length / JOURNAL_SIZE) }, (_, i) => ({ ...g, pledges: g.pledges.slice(i * JOURNAL_SIZE, (i + 1) * JOURNAL_SIZE) })),
  )
}

const sum = (values: string[]) => values.reduce((total, v) => total.plus(v), dec('0'))

/** Each key names the group's first pledge: with its day for rewards ((pledge, day) is paid once), alone for ends. */
function journalsOf(due: Due[]): JournalInput[] {
  const rewards = groupsOf(due.filter((p) => dec(p.daily).gt(0))).map(({ book, currency, pledges }): JournalInput => ({
    kind: 'yield',
    reason: 'staking.reward',
    idempotencyKey: `staking:day:${pledges[0]!.id}:${pledges[0]!.day}`,
    legs: [...pledges.map((p) => pledgeLeg(p, 'available', p.daily)), houseEarmarked(book, currency, sum(pledges.map((p) => p.daily)).neg().toFixed())],
  }))
  // At the end the amount comes back with whatever is still earmarked for the pledge (a bonus not received).
  const ends = groupsOf(due.filter((p) => p.ended)).map(({ book, currency, pledges }): JournalInput => ({
    kind: 'yield',
    reason: 'staking.end',
    idempotencyKey: `staking:end:${pledges[0]!.id}`,
    legs: [
      ...pledges.flatMap((p) => [pledgeLeg(p, 'staking', dec(p.principal).neg().toFixed()), pledgeLeg(p, 'available', dec(p.principal).plus(p.rest).toFixed())]),
      houseEarmarked(book, currency, sum(pledges.map((p) => p.rest)).neg().toFixed()),
    ],
  }))
  return [...rewards, ...ends]
}

export const stakingStep: AccrualStep = (db, today, now) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7351041)`)
    // rest: what is still earmarked once the last day is paid, from the row as this UPDATE leaves it, so a bonus
    // received in a transaction this one waited for counts.
    const due = rowsOf<Due>(
      await tx.execute(sql`
        UPDATE staking_pledges p SET
          days_paid = p.days_paid + 1,
          paid = p.paid + p.daily,
          status = CASE WHEN p.days_paid + 1 = p.days THEN 'completed' ELSE p.status END,
          returned = CASE WHEN p.days_paid + 1 = p.days THEN p.principal ELSE p.returned END,
          ended_at = CASE WHEN p.days_paid + 1 = p.days THEN ${now}::bigint ELSE p.ended_at END
        WHERE p.status = 'active' AND p.start_day + p.days_paid < ${today}::date
        RETURNING p.id::text AS id, p.user_id AS user_id, p.book, p.currency, p.daily::text AS daily, p.principal::text AS principal,
          p.days_paid AS day, p.status = 'completed' AS ended, (CASE WHEN p.status = 'completed' THEN p.earmark - p.paid ELSE 0 END)::text AS rest`),
    )
    if (due.length === 0) return { credited: 0, touched: [] }
    // Ended: everything earmarked is now paid (the rest goes out with the amount), the bonus included.
    const ended = due.filter((p) => p.ended).map((p) => p.id)
    if (ended.length > 0) {
      await tx.execute(sql`UPDATE staking_pledges SET paid = earmark, bonus_paid = true WHERE id = ANY(${`{${ended.join(',')}}`}::bigint[])`)
    }
    for (const journal of journalsOf(due)) {
      const [outcome] = await postJournalsInTx(tx, [journal])
      if (outcome instanceof Error) throw outcome
    }
    const touched = new Map<string, Touched>(due.map((p) => [`${p.user_id}:${p.book}`, { userId: p.user_id, book: p.book }]))
    return { credited: due.length, touched: due.length <= PUSH_LIMIT ? [...touched.values()] : null }
  })

export const accrueStaking = (db: Db, now: number) => accrue(db, now, stakingStep)

/** The rewards on the app's database and earn clock; each user whose book moved hears balance_update. */
export const runStakingAccrual = (app: FastifyInstance) => runAccrual(app, stakingStep)
