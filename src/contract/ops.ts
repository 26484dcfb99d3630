// The operator console's contract (issue 10): operators sign in with a name, a password and a TOTP code, and every
// /api/ops/... endpoint names the roles that may call it. Imported by the server and by the ops app (src/ops/) only:
// the user app never loads it (src/ops/bundle.test.ts). Other modules put their own console endpoints in
// src/contract/ops-<module>.ts, typed `satisfies Record<string, OpsEndpoint>` (see /work/helpers/OPS-API.md).
import * as z from 'zod/mini'
import { Page, pageOf, type Endpoint } from './endpoint.ts'

export const OPERATOR_ROLES = ['support', 'compliance', 'finance', 'admin'] as const
export const OperatorRole = z.enum(OPERATOR_ROLES)
export type OperatorRole = z.infer<typeof OperatorRole>

/**
 * An endpoint of the console: `auth: false` because it takes an operator's token, never a user's; `roles` are the
 * roles that may call it ('admin' may call every endpoint). The server checks them (server/modules/ops/ops-route.ts).
 */
export type OpsEndpoint = Endpoint & { auth: false; roles: readonly OperatorRole[] }

/** May an operator with these roles call an endpoint (or open a page) open to `allowed`? 'admin' may do everything. */
export const mayCall = (roles: readonly OperatorRole[], allowed: readonly OperatorRole[]) =>
  roles.includes('admin') || roles.some((role) => allowed.includes(role))

/** Every role: an endpoint any signed-in operator may call. */
export const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES

export const OPERATOR_NAME = /^[a-z0-9][a-z0-9._-]{1,39}$/
/** Operators' passwords are longer than users'. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12

export const Operator = z.object({ id: z.string(), name: z.string(), roles: z.array(OperatorRole) })
export type Operator = z.infer<typeof Operator>

export const OpsSignIn = z.object({
  name: z.string().check(z.maxLength(100)),
  password: z.string().check(z.maxLength(1000)),
  code: z.string().check(z.maxLength(20)),
})
export type OpsSignIn = z.infer<typeof OpsSignIn>

export const OpsSession = z.object({ token: z.string(), operator: Operator, expiresAt: z.int() })
export type OpsSession = z.infer<typeof OpsSession>

export const AuditEntry = z.object({
  id: z.string(),
  operatorName: z.string(),
  action: z.string(),
  subject: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.int(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const opsApi = {
  signIn: { method: 'POST', path: '/ops/signIn', body: OpsSignIn, data: OpsSession, auth: false, roles: [] },
  signOut: { method: 'POST', path: '/ops/signOut', data: z.null(), auth: false, roles: ANY_OPERATOR },
  me: { method: 'GET', path: '/ops/me', data: Operator, auth: false, roles: ANY_OPERATOR },
  audit: {
    method: 'GET',
    path: '/ops/audit',
    query: z.extend(Page, { subject: z.optional(z.string().check(z.maxLength(200))) }),
    data: pageOf(AuditEntry),
    auth: false,
    roles: ['admin'],
  },
} as const satisfies Record<string, OpsEndpoint>
