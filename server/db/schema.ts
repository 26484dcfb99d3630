// Every table, in one object for drizzle() and for drizzle-kit (drizzle.config.ts points here).
export { users, sessions, usedSignatures } from '../modules/auth/auth.table.ts'
export { settings, notices } from '../modules/config/config.table.ts'
