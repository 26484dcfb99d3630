// The console's side of node staking (docs/staking.md): admins define an activity and pause or close it; finance sees
// each activity's pledges. The reserve is the earn reserve (ops-earn.ts). Imported by the server and src/ops/ only.
import * as z from 'zod/mini'
import { Decimal, Int8Id, PositiveDecimal } from './endpoint.ts'
import { PlanStatus } from './earn.ts'
import type { OpsEndpoint } from './ops.ts'
import { PledgeActivity } from './staking.ts'

const Fraction = Decimal.check(z.refine((v) => !v.startsWith('-') && Number(v) <= 1, 'fraction'))
const Texts = (max: number) => z.record(z.string().check(z.regex(/^[a-z]{2,3}_[A-Z]{2,3}$/)), z.string().check(z.trim(), z.minLength(1), z.maxLength(max)))

export const OpsActivityInput = z.object({
  /** en_US is required; other languages fall back to it. */
  names: Texts(80),
  descriptions: z._default(Texts(600), {}),
  currency: z._default(z.enum(['USDT', 'USDC']), 'USDT'),
  agreedAmount: PositiveDecimal,
  bonus: Decimal.check(z.refine((v) => !v.startsWith('-'), 'not negative')),
  days: z.int().check(z.gte(1), z.lte(3650)),
  dailyRate: Fraction,
  exitShare: Fraction,
  /** Only with its evidence (a public link): then, and only then, the screen speaks of nodes being run. */
  nodeStatement: z.optional(
    z.object({
      text: z.string().check(z.trim(), z.minLength(1), z.maxLength(600)),
      evidenceUrl: z.string().check(z.trim(), z.regex(/^https:\/\/\S{3,300}$/)),
    }),
  ),
})
export type OpsActivityInput = z.infer<typeof OpsActivityInput>

export const OpsActivityStatus = z.object({ id: Int8Id, status: PlanStatus })
export type OpsActivityStatus = z.infer<typeof OpsActivityStatus>

/** An activity as operators see it: sold out for the live book, its open pledges and what they may still be paid. */
export const OpsActivity = z.extend(z.omit(PledgeActivity, { pledge: true }), { open: z.int(), committed: Decimal, owed: Decimal })
export type OpsActivity = z.infer<typeof OpsActivity>

export const opsStakingApi = {
  list: { method: 'GET', path: '/ops/staking/activities', data: z.array(OpsActivity), auth: false, roles: ['finance'] },
  create: { method: 'POST', path: '/ops/staking/activities/create', body: OpsActivityInput, data: OpsActivity, auth: false, roles: ['admin'] },
  status: { method: 'POST', path: '/ops/staking/activities/status', body: OpsActivityStatus, data: OpsActivity, auth: false, roles: ['admin'] },
} as const satisfies Record<string, OpsEndpoint>
