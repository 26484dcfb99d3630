// Financing (docs/earn.md, "Financing"): fixed-term products operators define; a user puts an amount of their current
// book in for the term (POST /createFinancingOrder) and gets the principal plus the term's interest back at maturity,
// or redeems early (POST /earlyRedeemFinancingOrder) for the disclosed amount. Every interest is paid from the book's
// house reserve: a purchase the reserve cannot cover is refused (409, "sold out"). Amounts are decimal strings, rates
// fractions a year ("0.08" = 8 % a year, simple interest on 365 days), times epoch milliseconds.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'
import { PlanNames, PlanStatus } from './earn.ts'

/** running until maturity; matured: principal and interest paid; redeemed: redeemed early by the user. */
export const FINANCING_ORDER_STATUSES = ['running', 'matured', 'redeemed'] as const
export const FinancingOrderStatus = z.enum(FINANCING_ORDER_STATUSES)
export type FinancingOrderStatus = z.infer<typeof FinancingOrderStatus>

export const FinancingProduct = z.object({
  id: z.string(),
  names: PlanNames,
  currency: z.string(),
  /** The term: principal and interest come back this many days after the purchase day (00:00 UTC). */
  days: z.int(),
  minAmount: Decimal,
  maxAmount: Decimal,
  /** A fraction a year, simple interest on a 365-day year. */
  annualRate: Decimal,
  /** Early redemption: share of the principal kept as damages. */
  earlyShare: Decimal,
  /** Early redemption: the interest of the days run is forfeited (true) or paid (false). */
  earlyForfeit: z.boolean(),
  status: PlanStatus,
  /** The caller's book's reserve cannot cover the interest of even the smallest purchase: buying answers 409. */
  soldOut: z.boolean(),
})
export type FinancingProduct = z.infer<typeof FinancingProduct>

export const FinancingProducts = z.object({ book: AccountType, products: z.array(FinancingProduct) })
export type FinancingProducts = z.infer<typeof FinancingProducts>

export const FinancingOrder = z.object({
  id: z.string(),
  productId: z.string(),
  names: PlanNames,
  book: AccountType,
  currency: z.string(),
  amount: Decimal,
  annualRate: Decimal,
  days: z.int(),
  earlyShare: Decimal,
  earlyForfeit: z.boolean(),
  /** The term's interest, fixed at purchase. */
  interest: Decimal,
  /** Principal plus interest, paid at maturity. */
  totalAtMaturity: Decimal,
  start: Millis,
  maturesAt: Millis,
  /** Whole days run so far. */
  daysRun: z.int(),
  /** An early redemption today: the damages, the interest paid and what comes back (running orders). */
  earlyDamages: Decimal,
  earlyInterest: Decimal,
  earlyReturn: Decimal,
  status: FinancingOrderStatus,
  returned: z.nullable(Decimal),
  endedAt: z.nullable(Millis),
})
export type FinancingOrder = z.infer<typeof FinancingOrder>

/** amount: a string so that an empty one gets its own message rather than "invalid input". */
export const CreateFinancingOrder = z.object({ productId: Int8Id, amount: z.optional(z.string().check(z.maxLength(60))) })
export type CreateFinancingOrder = z.infer<typeof CreateFinancingOrder>

/** expected: the amount the confirm sheet showed; if today's differs (a day turned), 409 and nothing moves. */
export const EarlyRedeemFinancingOrder = z.object({ id: Int8Id, expected: z.optional(Decimal) })
export type EarlyRedeemFinancingOrder = z.infer<typeof EarlyRedeemFinancingOrder>

export const financingApi = {
  products: { method: 'GET', path: '/getFinancing', data: FinancingProducts, auth: true },
  orders: { method: 'GET', path: '/getFinancingOrderList', query: Page, data: pageOf(FinancingOrder), auth: true },
  create: { method: 'POST', path: '/createFinancingOrder', body: CreateFinancingOrder, data: FinancingOrder, auth: true, money: true },
  redeem: { method: 'POST', path: '/earlyRedeemFinancingOrder', body: EarlyRedeemFinancingOrder, data: FinancingOrder, auth: true, money: true },
} as const satisfies Record<string, Endpoint>
