// The console's side of Smart trading plans and their reserve (docs/earn.md): admins define plans and pause or close
// them; finance funds each book's reserve through the ledger and sees its coverage and what falls due by date.
// Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { AccountType } from './auth.ts'
import { Decimal, Int8Id, PositiveDecimal } from './endpoint.ts'
import { PlanStatus, SmartPlan } from './earn.ts'
import type { OpsEndpoint } from './ops.ts'

const Fraction = Decimal.check(z.refine((v) => !v.startsWith('-') && Number(v) <= 1, 'fraction'))

export const OpsPlanInput = z.object({
  /** en_US is required; other languages fall back to it. */
  names: z.record(z.string().check(z.regex(/^[a-z]{2,3}_[A-Z]{2,3}$/)), z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  currency: z._default(z.enum(['USDT', 'USDC']), 'USDT'),
  days: z.int().check(z.gte(1), z.lte(3650)),
  minAmount: PositiveDecimal,
  maxAmount: PositiveDecimal,
  dailyRate: Fraction,
  exitShare: Fraction,
})
export type OpsPlanInput = z.infer<typeof OpsPlanInput>

export const OpsPlanStatus = z.object({ id: Int8Id, status: PlanStatus })
export type OpsPlanStatus = z.infer<typeof OpsPlanStatus>

/** key: one per funding the operator means (the console makes one per form), so a repeated request funds once. */
export const OpsFundReserve = z.object({
  book: AccountType,
  currency: z.enum(['USDT', 'USDC']),
  amount: PositiveDecimal,
  key: z.string().check(z.regex(/^[\x21-\x7e]{8,100}$/)),
})
export type OpsFundReserve = z.infer<typeof OpsFundReserve>

/** One book's reserve in one currency. coverage: (free + earmarked) ÷ owed, null when nothing is owed. */
export const ReserveLine = z.object({
  book: AccountType,
  currency: z.string(),
  free: Decimal,
  earmarked: Decimal,
  /** The most still owed: the earnings of running plans not yet credited, the interest of running financing orders and
   * what open staking pledges may still be paid. */
  owed: Decimal,
  coverage: z.nullable(Decimal),
  /** Principal users hold in running plans, financing orders and open staking pledges (their own money, returned). */
  principal: Decimal,
  /** What falls due per UTC day, the next days first: earnings (plans, financing interest, staking rewards and bonuses)
   * and principal returned, of all products; of which node staking's rewards and bonuses, and the pledges ending. */
  byDate: z.array(z.object({ date: z.string(), earnings: Decimal, principal: Decimal, stakingRewards: Decimal, pledgesEnding: z.int() })),
})
export type ReserveLine = z.infer<typeof ReserveLine>

export const OpsPlan = z.extend(SmartPlan, { running: z.int() })
export type OpsPlan = z.infer<typeof OpsPlan>

export const opsEarnApi = {
  plans: { method: 'GET', path: '/ops/earn/plans', data: z.array(OpsPlan), auth: false, roles: ['finance'] },
  create: { method: 'POST', path: '/ops/earn/plans/create', body: OpsPlanInput, data: OpsPlan, auth: false, roles: ['admin'] },
  status: { method: 'POST', path: '/ops/earn/plans/status', body: OpsPlanStatus, data: OpsPlan, auth: false, roles: ['admin'] },
  reserve: { method: 'GET', path: '/ops/earn/reserve', data: z.array(ReserveLine), auth: false, roles: ['finance'] },
  fund: { method: 'POST', path: '/ops/earn/reserve/fund', body: OpsFundReserve, data: z.array(ReserveLine), auth: false, roles: ['finance'] },
} as const satisfies Record<string, OpsEndpoint>
