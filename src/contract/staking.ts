// Node staking (docs/staking.md): an amount a user commits for a period and that is rewarded from the operator's
// reserve at the disclosed rate. Operators define an activity (agreed amount, period, daily rate, bonus on activation,
// early-withdrawal share, and only if they state it with evidence, the validator nodes they run). The user adds amounts
// (POST /addAgreeMoney) until the agreed amount is reached, applies for activation (POST /applyZyActive), receives the
// bonus once (POST /receiveZyActive), earns the daily reward until the period ends, when the amount comes back, or
// withdraws (POST /withdrawZyActive) for the disclosed amount. Every reward and the bonus are earmarked from the book's
// reserve when the amount is added: an amount the reserve cannot cover is refused (409, "sold out").
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, Millis, type Endpoint } from './endpoint.ts'
import { PlanNames, PlanStatus } from './earn.ts'

/** collecting: adding, not yet activated (reached or not); active: activated, rewards accrue daily; completed: the
 * period ended and the amount came back; withdrawn: the user took it back. */
export const PLEDGE_STATUSES = ['collecting', 'active', 'completed', 'withdrawn'] as const
export const PledgeStatus = z.enum(PLEDGE_STATUSES)
export type PledgeStatus = z.infer<typeof PledgeStatus>

export const Pledge = z.object({
  id: z.string(),
  book: AccountType,
  status: PledgeStatus,
  /** Add amount: what the user has committed (the node amount while it runs). */
  addAmount: Decimal,
  /** The agreed amount is reached: activation may be applied for. */
  reached: z.boolean(),
  /** The reward of one day on the amount, fixed when activated. */
  rewards: Decimal,
  todayYield: Decimal,
  totalYield: Decimal,
  bonusReceived: z.boolean(),
  /** What a withdrawal gives back now: the whole amount before activation, less the disclosed share after. */
  withdrawAmount: Decimal,
  runDays: z.int(),
  appliedAt: z.nullable(Millis),
  /** When the period ends and the amount comes back (null before activation). */
  endsAt: z.nullable(Millis),
  returned: z.nullable(Decimal),
})
export type Pledge = z.infer<typeof Pledge>

export const PledgeActivity = z.object({
  id: z.string(),
  names: PlanNames,
  descriptions: PlanNames,
  currency: z.string(),
  /** The agreed amount to reach before activation. */
  agreedAmount: Decimal,
  /** Paid once on activation, from the reserve. */
  bonus: Decimal,
  /** Staking period in days, counted from activation. */
  days: z.int(),
  /** Yield as a fraction of the amount per day ("0.001" = 0.1 % a day), credited daily at 00:00 UTC. */
  dailyRate: Decimal,
  /** Withdrawing after activation keeps this fraction of the amount. */
  exitShare: Decimal,
  /** The operator's statement about the validator nodes it runs, with its evidence; null: no claim is made. */
  nodeStatement: z.nullable(z.object({ text: z.string(), evidenceUrl: z.string() })),
  status: PlanStatus,
  /** The caller's book's reserve cannot cover the rewards and bonus of the agreed amount now. */
  soldOut: z.boolean(),
  /** The caller's pledge on their current book (the open one, else the latest), or null. */
  pledge: z.nullable(Pledge),
})
export type PledgeActivity = z.infer<typeof PledgeActivity>

export const MyPledgeActive = z.object({ book: AccountType, list: z.array(PledgeActivity) })
export type MyPledgeActive = z.infer<typeof MyPledgeActive>

/** amount: a string, so an empty one gets its own message. */
export const AddAgreeMoney = z.object({ activityId: Int8Id, amount: z.optional(z.string().check(z.maxLength(60))) })
export type AddAgreeMoney = z.infer<typeof AddAgreeMoney>

export const PledgeId = z.object({ id: Int8Id })
export type PledgeId = z.infer<typeof PledgeId>

export const stakingApi = {
  mine: { method: 'GET', path: '/getMyPledgeActive', data: MyPledgeActive, auth: true },
  add: { method: 'POST', path: '/addAgreeMoney', body: AddAgreeMoney, data: PledgeActivity, auth: true, money: true },
  apply: { method: 'POST', path: '/applyZyActive', body: PledgeId, data: PledgeActivity, auth: true, money: true },
  receive: { method: 'POST', path: '/receiveZyActive', body: PledgeId, data: PledgeActivity, auth: true, money: true },
  withdraw: { method: 'POST', path: '/withdrawZyActive', body: PledgeId, data: PledgeActivity, auth: true, money: true },
} as const satisfies Record<string, Endpoint>
