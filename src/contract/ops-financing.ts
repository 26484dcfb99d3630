// The console's side of financing (docs/earn.md, "Financing"): admins define fixed-term products and pause or close
// them; the reserve they are paid from is the earn reserve (ops-earn.ts). Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { Decimal, Int8Id, PositiveDecimal } from './endpoint.ts'
import { PlanStatus } from './earn.ts'
import { FinancingProduct } from './financing.ts'
import type { OpsEndpoint } from './ops.ts'

const Fraction = Decimal.check(z.refine((v) => !v.startsWith('-') && Number(v) <= 1, 'fraction'))

export const OpsFinancingInput = z.object({
  /** en_US is required; other languages fall back to it. */
  names: z.record(z.string().check(z.regex(/^[a-z]{2,3}_[A-Z]{2,3}$/)), z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  currency: z._default(z.enum(['USDT', 'USDC']), 'USDT'),
  days: z.int().check(z.gte(1), z.lte(3650)),
  minAmount: PositiveDecimal,
  maxAmount: PositiveDecimal,
  /** A fraction a year (0.08 = 8 %), simple interest. */
  annualRate: Fraction,
  earlyShare: Fraction,
  earlyForfeit: z.boolean(),
})
export type OpsFinancingInput = z.infer<typeof OpsFinancingInput>

export const OpsFinancingStatus = z.object({ id: Int8Id, status: PlanStatus })
export type OpsFinancingStatus = z.infer<typeof OpsFinancingStatus>

/** running: orders still running; owed: the interest they may still pay (earmarked). */
export const OpsFinancingProduct = z.extend(FinancingProduct, { running: z.int(), owed: Decimal })
export type OpsFinancingProduct = z.infer<typeof OpsFinancingProduct>

export const opsFinancingApi = {
  products: { method: 'GET', path: '/ops/financing/products', data: z.array(OpsFinancingProduct), auth: false, roles: ['finance'] },
  create: { method: 'POST', path: '/ops/financing/products/create', body: OpsFinancingInput, data: OpsFinancingProduct, auth: false, roles: ['admin'] },
  status: { method: 'POST', path: '/ops/financing/products/status', body: OpsFinancingStatus, data: OpsFinancingProduct, auth: false, roles: ['admin'] },
} as const satisfies Record<string, OpsEndpoint>
