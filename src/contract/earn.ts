// Smart trading plans (docs/earn.md): operators define plans; a user buys one with an amount of their current book
// (POST /keepProd), earns the plan's daily yield on it every day until expiry, when the principal comes back, or
// leaves early (POST /cancelKeepProd) for the principal less the disclosed damages. Every yield is paid from the
// book's house reserve: a purchase the reserve cannot cover is refused (409, "sold out"). Amounts are decimal strings,
// rates fractions ("0.012" = 1.2 % a day), times epoch milliseconds.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

export const PLAN_STATUSES = ['active', 'paused', 'closed'] as const
export const PlanStatus = z.enum(PLAN_STATUSES)
export type PlanStatus = z.infer<typeof PlanStatus>

/** running until expiry; success: expired, principal returned; early_exit: left early by the user. */
export const SMART_ORDER_STATUSES = ['running', 'success', 'early_exit'] as const
export const SmartOrderStatus = z.enum(SMART_ORDER_STATUSES)
export type SmartOrderStatus = z.infer<typeof SmartOrderStatus>

/** A plan's name per language (server language codes, en_US always present). */
export const PlanNames = z.record(z.string(), z.string())
export type PlanNames = z.infer<typeof PlanNames>

export const SmartPlan = z.object({
  id: z.string(),
  names: PlanNames,
  currency: z.string(),
  /** Timeframe: the plan runs this many days. */
  days: z.int(),
  minAmount: Decimal,
  maxAmount: Decimal,
  /** Daily yield as a fraction of the principal. */
  dailyRate: Decimal,
  /** How often earnings are credited: every day, at 00:00 UTC. */
  cycle: z.literal('daily'),
  /** Early-exit damages as a fraction of the principal. */
  exitShare: Decimal,
  status: PlanStatus,
  /** The caller's book's reserve cannot cover even the smallest purchase: buying answers 409. */
  soldOut: z.boolean(),
})
export type SmartPlan = z.infer<typeof SmartPlan>

export const SmartPlans = z.object({ book: AccountType, plans: z.array(SmartPlan) })
export type SmartPlans = z.infer<typeof SmartPlans>

export const SmartOrder = z.object({
  id: z.string(),
  planId: z.string(),
  names: PlanNames,
  book: AccountType,
  currency: z.string(),
  /** The principal. */
  amount: Decimal,
  dailyRate: Decimal,
  /** One day's earnings, fixed at purchase. */
  daily: Decimal,
  days: z.int(),
  exitShare: Decimal,
  /** An early exit now: the damages kept and what comes back (the principal less the damages). */
  exitDamages: Decimal,
  exitReturn: Decimal,
  /** The principal plus every day's earnings. */
  totalAtExpiry: Decimal,
  start: Millis,
  expiresAt: Millis,
  /** Days credited so far. */
  runDays: z.int(),
  /** Earnings credited today (UTC). */
  todayEarnings: Decimal,
  /** Earnings credited so far. */
  totalRevenue: Decimal,
  status: SmartOrderStatus,
  /** What came back when it ended (principal at expiry, principal less damages on early exit). */
  returned: z.nullable(Decimal),
  endedAt: z.nullable(Millis),
})
export type SmartOrder = z.infer<typeof SmartOrder>

/** amount: a string so that an empty one gets its own message ('enter Smart amount') rather than "invalid input". */
export const KeepProd = z.object({ planId: Int8Id, amount: z.optional(z.string().check(z.maxLength(60))) })
export type KeepProd = z.infer<typeof KeepProd>

export const CancelKeepProd = z.object({ id: Int8Id })
export type CancelKeepProd = z.infer<typeof CancelKeepProd>

export const earnApi = {
  plans: { method: 'GET', path: '/getSmartPlans', data: SmartPlans, auth: true },
  orders: { method: 'GET', path: '/getMySmartPlans', query: Page, data: pageOf(SmartOrder), auth: true },
  keep: { method: 'POST', path: '/keepProd', body: KeepProd, data: SmartOrder, auth: true, money: true },
  cancel: { method: 'POST', path: '/cancelKeepProd', body: CancelKeepProd, data: SmartOrder, auth: true, money: true },
} as const satisfies Record<string, Endpoint>
