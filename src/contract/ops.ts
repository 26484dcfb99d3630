// The operator console's contract: operators sign in with a name, a password and a TOTP code, and every
// /api/ops/... endpoint names the roles that may call it. Imported by the server and by the ops app (src/ops/) only:
// the user app never loads it (src/ops/bundle.test.ts). Other modules put their own console endpoints in
// src/contract/ops-<module>.ts, typed `satisfies Record<string, OpsEndpoint>` (docs/api.md, "Operator console").
import * as z from 'zod/mini'
import { CurrencyBalance, RecordKind, TransactionPage } from './account.ts'
import { AccountType } from './auth.ts'
import { ConfigKey, configValueFits, Notice } from './config.ts'
import { Decimal, Millis, Page, pageOf, type Endpoint } from './endpoint.ts'

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

// ---- The console's own pages: users, messages, the notice, configuration, reconciliation ----

/** Operators who look users up. */
export const USER_READERS: readonly OperatorRole[] = ['support', 'compliance', 'finance']

const Uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'uuid'))
const Text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max))

export const OpsUser = z.object({
  id: z.string(),
  address: z.nullable(z.string()),
  email: z.nullable(z.string()),
  accountType: AccountType,
  createdAt: Millis,
})
export type OpsUser = z.infer<typeof OpsUser>

export const OpsUserSession = z.object({ id: z.string(), createdAt: Millis, revokedAt: z.nullable(Millis), live: z.boolean() })
export type OpsUserSession = z.infer<typeof OpsUserSession>

export const OpsBook = z.object({ book: AccountType, currencies: z.array(CurrencyBalance) })

export const OpsUserDetail = z.object({ user: OpsUser, books: z.array(OpsBook), sessions: z.array(OpsUserSession) })
export type OpsUserDetail = z.infer<typeof OpsUserDetail>

export const OpsConfigRow = z.object({
  configKey: ConfigKey,
  /** What an operator set; null when unset. */
  value: z.nullable(z.string()),
  /** What the app reads when unset (from the environment); null when nothing. */
  fallback: z.nullable(z.string()),
})
export type OpsConfigRow = z.infer<typeof OpsConfigRow>

export const LedgerTotal = z.object({
  book: AccountType,
  /** Whose accounts: users' or the platform's (clearing, fees, funding). */
  owner: z.enum(['user', 'system']),
  kind: z.string(),
  currency: z.string(),
  total: Decimal,
  accounts: z.int(),
})
export type LedgerTotal = z.infer<typeof LedgerTotal>

export const OpsReconciliation = z.object({
  ok: z.boolean(),
  accounts: z.int(),
  mismatchedAccounts: z.int(),
  currencies: z.array(z.object({ currency: z.string(), sum: Decimal })),
  totals: z.array(LedgerTotal),
  checkedAt: Millis,
})
export type OpsReconciliation = z.infer<typeof OpsReconciliation>

export const opsConsoleApi = {
  users: {
    method: 'GET',
    path: '/ops/users',
    query: z.extend(Page, { q: z._default(z.string().check(z.trim(), z.maxLength(200)), '') }),
    data: pageOf(OpsUser),
    auth: false,
    roles: USER_READERS,
  },
  user: { method: 'GET', path: '/ops/user', query: z.object({ id: Uuid }), data: OpsUserDetail, auth: false, roles: USER_READERS },
  userRecords: {
    method: 'GET',
    path: '/ops/user/records',
    query: z.extend(Page, { id: Uuid, book: AccountType, kind: z.optional(RecordKind) }),
    data: TransactionPage,
    auth: false,
    roles: USER_READERS,
  },
  revokeSession: {
    method: 'POST',
    path: '/ops/user/revokeSession',
    body: z.object({ userId: Uuid, sessionId: Uuid }),
    data: z.null(),
    auth: false,
    roles: ['support'],
  },
  revokeAllSessions: {
    method: 'POST',
    path: '/ops/user/revokeAllSessions',
    body: z.object({ userId: Uuid }),
    data: z.object({ revoked: z.int() }),
    auth: false,
    roles: ['support'],
  },
  sendMessage: {
    method: 'POST',
    path: '/ops/user/message',
    body: z.object({ userId: Uuid, title: Text(1, 200), body: Text(1, 5000) }),
    data: z.object({ id: z.string(), title: z.string() }),
    auth: false,
    roles: ['support'],
  },
  notice: { method: 'GET', path: '/ops/notice', data: z.nullable(Notice), auth: false, roles: ['support'] },
  publishNotice: {
    method: 'POST',
    path: '/ops/notice',
    body: z.object({ title: Text(1, 200), content: Text(1, 20000) }),
    data: Notice,
    auth: false,
    roles: ['support'],
  },
  clearNotice: { method: 'POST', path: '/ops/notice/clear', data: z.object({ cleared: z.int() }), auth: false, roles: ['support'] },
  config: { method: 'GET', path: '/ops/config', data: z.array(OpsConfigRow), auth: false, roles: ['admin'] },
  setConfig: {
    method: 'POST',
    path: '/ops/config',
    body: z
      .object({ configKey: ConfigKey, value: z.nullable(z.string().check(z.maxLength(20000))) })
      .check(z.refine((v) => configValueFits(v.configKey, v.value), { message: 'value', path: ['value'] })),
    data: OpsConfigRow,
    auth: false,
    roles: ['admin'],
  },
  reconciliation: { method: 'GET', path: '/ops/reconciliation', data: OpsReconciliation, auth: false, roles: ['finance'] },
} as const satisfies Record<string, OpsEndpoint>
