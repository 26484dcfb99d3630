// Every table, in one object for drizzle() and for drizzle-kit (drizzle.config.ts points here).
export { users, sessions, usedSignatures, loginCodes } from '../modules/auth/auth.table.ts'
export { settings, notices } from '../modules/config/config.table.ts'
export { inviteCodes, invitations } from '../modules/invite/invite.table.ts'
export { messages } from '../modules/messages/messages.table.ts'
export { userPasswords, emailCodes, passwordResetTickets } from '../modules/password/password.table.ts'
export { accounts, journals, entries } from '../ledger/ledger.table.ts'
export { idempotencyKeys } from '../idempotency/idempotency.table.ts'
