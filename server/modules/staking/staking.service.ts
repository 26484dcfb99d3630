// Node staking, the user's side (docs/staking.md): the activities with the caller's pledge (GET /getMyPledgeActive),
// adding an amount (POST /addAgreeMoney), applying for activation (/applyZyActive), receiving the bonus once
// (/receiveZyActive) and withdrawing (/withdrawZyActive). Adding moves the amount from available to the user's staking
// account and earmarks, out of the book's free earn reserve (server/modules/earn/reserve.ts), the most the pledge can
// ever pay (every day's reward on the new amount and the bonus), in one journal under the book's lock and the
// reserve's lock: a reserve that cannot cover it answers 409 "sold out" and nothing moves.
import { and, desc, eq, inArray, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AddAgreeMoney, MyPledgeActive, Pledge, PledgeActivity } from '#contract/staking.ts'
import { stakingDaily, stakingExitDamages, stakingMaxPayout, stakingWithdrawBack, type StakingTerms } from '#contract/staking-math.ts'
import { dec, moneyScale } from '#contract/trading-math.ts'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { DbOrTx, Tx } from '../../ledger/types.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { dayStart, earnNow, utcDay } from '../earn/clock.ts'
import { freeByCurrency, spendableNow } from '../earn/holdings.ts'
import { earmarkLegs, freeReserve, houseLeg, payFromEarmarkLegs, reserveLock, userLeg } from '../earn/reserve.ts'
import { lockBook } from '../orders/orders.repository.ts'
import { stakingActivities, stakingPledges, type StakingActivityRow, type StakingPledgeRow } from './staking.table.ts'

const OPEN = ['collecting', 'active'] as const

export const termsOf = (row: Pick<StakingActivityRow, 'days' | 'dailyRate' | 'bonus' | 'exitShare' | 'currency'>): StakingTerms => ({
  days: row.days,
  dailyRate: row.dailyRate,
  bonus: row.bonus,
  exitShare: row.exitShare,
  currency: row.currency,
})

/** Sold out for a book: its free reserve cannot cover the rewards and bonus of the agreed amount. */
export const isSoldOut = (row: StakingActivityRow, free: string) => dec(free).lt(stakingMaxPayout(row.agreedAmount, termsOf(row)))

export function toPledge(row: StakingPledgeRow, now: number): Pledge {
  const activated = row.startDay !== null
  const creditedToday = activated && row.daysPaid > 0 && dayStart(row.startDay!, row.daysPaid) === dayStart(utcDay(now))
  const open = row.status === 'collecting' || row.status === 'active'
  const rewardsPaid = dec(row.daily).times(row.daysPaid)
  return {
    id: String(row.id),
    book: row.book,
    status: row.status,
    addAmount: trim(row.principal),
    reached: dec(row.principal).gte(row.agreedAmount),
    rewards: trim(row.daily),
    todayYield: creditedToday ? trim(row.daily) : '0',
    totalYield: rewardsPaid.toFixed(),
    bonusReceived: row.bonusPaid,
    withdrawAmount: open ? stakingWithdrawBack(row.principal, termsOf(row), row.status === 'active').toFixed() : '0',
    runDays: row.daysPaid,
    appliedAt: row.appliedAt,
    endsAt: activated ? dayStart(row.startDay!, row.days) : null,
    returned: row.returned === null ? null : trim(row.returned),
  }
}

export function toActivity(row: StakingActivityRow, soldOut: boolean, pledge: StakingPledgeRow | null, now: number): PledgeActivity {
  return {
    id: String(row.id),
    names: row.names,
    descriptions: row.descriptions,
    currency: row.currency,
    agreedAmount: trim(row.agreedAmount),
    bonus: trim(row.bonus),
    days: row.days,
    dailyRate: trim(row.dailyRate),
    exitShare: trim(row.exitShare),
    nodeStatement: row.nodeStatement && row.nodeEvidence ? { text: row.nodeStatement, evidenceUrl: row.nodeEvidence } : null,
    status: row.status,
    soldOut,
    pledge: pledge && toPledge(pledge, now),
  }
}

/** The caller's pledges on their book for these activities: the open one, else the latest. */
async function pledgesOf(handle: DbOrTx, user: AuthUser, activityIds: bigint[]): Promise<Map<string, StakingPledgeRow>> {
  if (activityIds.length === 0) return new Map()
  const rows = await handle
    .select()
    .from(stakingPledges)
    .where(and(eq(stakingPledges.userId, user.id), eq(stakingPledges.book, user.accountType), inArray(stakingPledges.activityId, activityIds)))
    .orderBy(desc(stakingPledges.id))
  const byActivity = new Map<string, StakingPledgeRow>()
  for (const row of rows) {
    const key = String(row.activityId)
    const seen = byActivity.get(key)
    if (!seen || (!OPEN.includes(seen.status as never) && OPEN.includes(row.status as never))) byActivity.set(key, row)
  }
  return byActivity
}

async function activityView(app: FastifyInstance, handle: DbOrTx, user: AuthUser, row: StakingActivityRow): Promise<PledgeActivity> {
  const pledges = await pledgesOf(handle, user, [row.id])
  return toActivity(row, isSoldOut(row, await freeReserve(handle, user.accountType, row.currency)), pledges.get(String(row.id)) ?? null, earnNow(app))
}

export async function myPledgeActive(app: FastifyInstance, user: AuthUser): Promise<MyPledgeActive> {
  const all = await app.db.select().from(stakingActivities).orderBy(stakingActivities.id)
  const pledges = await pledgesOf(
    app.db,
    user,
    all.map((r) => r.id),
  )
  // Closed activities only while the caller has a pledge in them.
  const rows = all.filter((r) => r.status !== 'closed' || pledges.has(String(r.id)))
  const free = await freeByCurrency(app.db, user.accountType, rows)
  const now = earnNow(app)
  return { book: user.accountType, list: rows.map((r) => toActivity(r, isSoldOut(r, free.get(r.currency)!), pledges.get(String(r.id)) ?? null, now)) }
}

async function activityOf(handle: DbOrTx, id: bigint): Promise<StakingActivityRow> {
  const [row] = await handle.select().from(stakingActivities).where(eq(stakingActivities.id, id))
  if (!row) throw new AppError(404, 'stakingActivityNotFound')
  return row
}

export async function addAgreeMoney(app: FastifyInstance, user: AuthUser, body: AddAgreeMoney, key: string): Promise<PledgeActivity> {
  const activity = await activityOf(app.db, BigInt(body.activityId))
  const amount = (body.amount ?? '').trim()
  if (amount === '' || !/^\d{1,20}(\.\d+)?$/.test(amount) || dec(amount).isZero()) throw new AppError(400, 'stakingEnterAmount')
  const scale = moneyScale(activity.currency)
  if (dec(amount).decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount, currency: activity.currency, scale })
  if (activity.status !== 'active') throw new AppError(409, 'stakingNotOnOffer')
  const book = user.accountType
  const added = dec(amount).toFixed()
  const posted = await retrying(() =>
    app.db.transaction(async (tx) => {
      await lockBook(tx, user.id, book)
      const [open] = await tx
        .select()
        .from(stakingPledges)
        .where(
          and(
            eq(stakingPledges.userId, user.id),
            eq(stakingPledges.activityId, activity.id),
            eq(stakingPledges.book, book),
            or(eq(stakingPledges.status, 'collecting'), eq(stakingPledges.status, 'active')),
          ),
        )
        .for('update')
      if (open?.status === 'active') throw new AppError(409, 'stakingAlreadyActive')
      if (dec(await spendableNow(app, tx, user.id, book, activity.currency)).lt(added)) throw new AppError(409, 'insufficientFunds')
      // An open pledge keeps the terms it was opened with; the first amount copies the activity's.
      const terms = open ? termsOf(open) : termsOf(activity)
      const principal = dec(open?.principal ?? '0').plus(added)
      const earmark = stakingMaxPayout(principal, terms)
      const more = earmark.minus(open?.earmark ?? '0')
      await reserveLock(tx, book, activity.currency)
      if (dec(await freeReserve(tx, book, activity.currency)).lt(more)) throw new AppError(409, 'stakingSoldOut')
      const legs = [
        userLeg(user.id, book, 'available', activity.currency, dec(added).neg().toFixed()),
        userLeg(user.id, book, 'staking', activity.currency, added),
        ...(more.gt(0) ? earmarkLegs(book, activity.currency, more.toFixed()) : []),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'staking.add', reference: String(activity.id), idempotencyKey: key, userId: user.id, legs })
      if (posted.replayed) return null
      const figures = { principal: principal.toFixed(), earmark: earmark.toFixed(), daily: stakingDaily(principal, terms).toFixed() }
      if (open) await tx.update(stakingPledges).set(figures).where(eq(stakingPledges.id, open.id))
      else {
        await tx.insert(stakingPledges).values({
          userId: user.id,
          activityId: activity.id,
          book,
          currency: activity.currency,
          agreedAmount: activity.agreedAmount,
          bonus: activity.bonus,
          days: activity.days,
          dailyRate: activity.dailyRate,
          exitShare: activity.exitShare,
          ...figures,
          createdAt: earnNow(app),
        })
      }
      return posted
    }),
  )
  if (posted) await pushBalanceUpdates(app, posted)
  return activityView(app, app.db, user, activity)
}

/** The caller's pledge, locked until the transaction ends; another user's answers 404 as an unknown one does. */
async function ownPledge(tx: Tx, user: AuthUser, id: string): Promise<StakingPledgeRow> {
  const [row] = await tx
    .select()
    .from(stakingPledges)
    .where(and(eq(stakingPledges.id, BigInt(id)), eq(stakingPledges.userId, user.id)))
    .for('update')
  if (!row) throw new AppError(404, 'stakingPledgeNotFound')
  return row
}

const ended = (row: StakingPledgeRow) => row.status === 'completed' || row.status === 'withdrawn'

async function answer(app: FastifyInstance, user: AuthUser, row: StakingPledgeRow, posted: Posted | null) {
  if (posted) await pushBalanceUpdates(app, posted)
  return activityView(app, app.db, user, await activityOf(app.db, row.activityId))
}

/** Activation: the agreed amount is reached; day 1's reward is credited on the next UTC day. Moves no money. */
export async function applyZyActive(app: FastifyInstance, user: AuthUser, id: string): Promise<PledgeActivity> {
  const row = await app.db.transaction(async (tx) => {
    const pledge = await ownPledge(tx, user, id)
    if (ended(pledge)) throw new AppError(409, 'stakingEnded')
    if (pledge.status === 'active') throw new AppError(409, 'stakingAlreadyActive')
    if (dec(pledge.principal).lt(pledge.agreedAmount)) throw new AppError(409, 'stakingNotReached')
    const now = earnNow(app)
    const [updated] = await tx
      .update(stakingPledges)
      .set({ status: 'active', startDay: utcDay(now), appliedAt: now })
      .where(eq(stakingPledges.id, pledge.id))
      .returning()
    return updated!
  })
  return answer(app, user, row, null)
}

/** The bonus, once: from the earmarked reserve to the user's available, keyed staking:bonus:<pledge>. */
export async function receiveZyActive(app: FastifyInstance, user: AuthUser, id: string): Promise<PledgeActivity> {
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const pledge = await ownPledge(tx, user, id)
      if (ended(pledge)) throw new AppError(409, 'stakingEnded')
      if (pledge.status !== 'active') throw new AppError(409, 'stakingNotActive')
      if (pledge.bonusPaid) throw new AppError(409, 'stakingBonusReceived')
      const posted = dec(pledge.bonus).isZero()
        ? null
        : await postJournal(tx, {
            kind: 'yield',
            reason: 'staking.bonus',
            reference: String(pledge.id),
            idempotencyKey: `staking:bonus:${pledge.id}`,
            userId: user.id,
            legs: payFromEarmarkLegs(user.id, pledge.book, pledge.currency, trim(pledge.bonus)),
          })
      const [updated] = await tx
        .update(stakingPledges)
        .set({ bonusPaid: true, paid: dec(pledge.paid).plus(pledge.bonus).toFixed() })
        .where(eq(stakingPledges.id, pledge.id))
        .returning()
      return { row: updated!, posted }
    }),
  )
  return answer(app, user, row, posted)
}

/** Withdrawing: before activation the whole amount back; after, the amount less the disclosed share, which goes to
 * the free reserve with whatever was earmarked and not yet paid. Rewards and a bonus already paid stay the user's. */
export async function withdrawZyActive(app: FastifyInstance, user: AuthUser, id: string, key: string): Promise<PledgeActivity> {
  const { row, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const pledge = await ownPledge(tx, user, id)
      if (ended(pledge)) throw new AppError(409, 'stakingEnded')
      const activated = pledge.status === 'active'
      const terms = termsOf(pledge)
      const back = stakingWithdrawBack(pledge.principal, terms, activated)
      const damages = activated ? stakingExitDamages(pledge.principal, terms) : dec('0')
      const released = dec(pledge.earmark).minus(pledge.paid)
      const legs = [
        userLeg(user.id, pledge.book, 'staking', pledge.currency, dec(pledge.principal).neg().toFixed()),
        userLeg(user.id, pledge.book, 'available', pledge.currency, back.toFixed()),
        ...(damages.plus(released).gt(0) ? [houseLeg(pledge.book, 'earn_reserve', pledge.currency, damages.plus(released).toFixed())] : []),
        ...(released.gt(0) ? [houseLeg(pledge.book, 'earn_earmarked', pledge.currency, released.neg().toFixed())] : []),
      ]
      const posted = await postJournal(tx, { kind: 'yield', reason: 'staking.withdraw', reference: String(pledge.id), idempotencyKey: key, userId: user.id, legs })
      const [updated] = await tx
        .update(stakingPledges)
        .set({ status: 'withdrawn', returned: back.toFixed(), endedAt: earnNow(app) })
        .where(eq(stakingPledges.id, pledge.id))
        .returning()
      return { row: updated!, posted }
    }),
  )
  return answer(app, user, row, posted)
}
