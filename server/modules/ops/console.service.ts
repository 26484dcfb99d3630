// What the console's own pages do: look users up (balances, records, sessions), end their sessions, write to them,
// publish the site notice, set configuration values and show the ledger's reconciliation. Every change is audited in
// the transaction that makes it. Other modules' data is reached through their services, never their tables.
import type { FastifyInstance } from 'fastify'
import type { RecordKind } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { CONFIG_KEYS, type ConfigKey, type Notice } from '#contract/config.ts'
import type { OpsConfigRow, OpsReconciliation, OpsUser, OpsUserDetail } from '#contract/ops.ts'
import { AppError } from '../../app-error.ts'
import { bookBalances } from '../../ledger/books.ts'
import { ledgerTotals } from '../../ledger/reconcile.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { tokensIssuedAfter } from '../../plugins/auth.ts'
import { revokeSessionOf, revokeUserSessions, searchUsers, sessionsOfUser, userById, type UserRow } from '../auth/users.repository.ts'
import { clearNotices, configDefaults, latestNotice, publishNotice, setConfigValue, settingValues } from '../config/config.service.ts'
import { transactionRecord } from '../account/account.service.ts'
import { insertMessage } from '../messages/messages.service.ts'
import { audit } from './audit.ts'
import type { OperatorActor } from './operators.ts'

const BOOKS: AccountType[] = ['live', 'demo']

const toUser = (row: UserRow): OpsUser => ({ ...row, createdAt: row.createdAt.getTime() })

async function existingUser(app: FastifyInstance, id: string): Promise<UserRow> {
  const user = await userById(app.db, id)
  if (!user) throw new AppError(404, 'opsUserNotFound')
  return user
}

export async function findUsers(app: FastifyInstance, query: { q: string; page: number; size: number }) {
  const { rows, total } = await searchUsers(app.db, query.q, query.size, (query.page - 1) * query.size)
  return { list: rows.map(toUser), total, page: query.page, size: query.size }
}

/** A user's transaction record in one book, told in the operator's language. */
export async function userRecords(
  app: FastifyInstance,
  query: { id: string; book: AccountType; kind?: RecordKind; page: number; size: number },
  language: string | undefined,
) {
  await existingUser(app, query.id)
  return transactionRecord(app, query.id, query.book, query, language)
}

/** A user's books and sessions. Reads only: a demo book is never funded by an operator looking at it. */
export async function userDetail(app: FastifyInstance, id: string): Promise<OpsUserDetail> {
  const user = await existingUser(app, id)
  const [books, sessions] = await Promise.all([
    Promise.all(BOOKS.map(async (book) => ({ book, currencies: (await bookBalances(app.db, id, book)).currencies }))),
    sessionsOfUser(app.db, id, tokensIssuedAfter(app)),
  ])
  return {
    user: toUser(user),
    books,
    sessions: sessions.map((s) => ({ id: s.id, createdAt: s.createdAt.getTime(), revokedAt: s.revokedAt?.getTime() ?? null, live: s.live })),
  }
}

export async function revokeUserSession(app: FastifyInstance, operator: OperatorActor, userId: string, sessionId: string): Promise<null> {
  await existingUser(app, userId)
  const at = new Date(app.now())
  await app.db.transaction(async (tx) => {
    if (!(await revokeSessionOf(tx, userId, sessionId, at))) throw new AppError(409, 'opsSessionNotLive')
    await audit(tx, operator, { action: 'users.revokeSession', subject: `user:${userId}`, before: { sessionId, live: true }, after: { sessionId, live: false } })
  })
  // Every process forgets the session, and its sockets close.
  await app.hub.revokeSession(sessionId)
  return null
}

export async function revokeAllUserSessions(app: FastifyInstance, operator: OperatorActor, userId: string) {
  await existingUser(app, userId)
  const revoked = await app.db.transaction(async (tx) => {
    const ids = await revokeUserSessions(tx, userId, new Date(app.now()))
    await audit(tx, operator, { action: 'users.revokeAllSessions', subject: `user:${userId}`, after: { revoked: ids } })
    return ids
  })
  await app.hub.revokeSessions(revoked)
  return { revoked: revoked.length }
}

export async function messageUser(app: FastifyInstance, operator: OperatorActor, input: { userId: string; title: string; body: string }) {
  await existingUser(app, input.userId)
  const message = await app.db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, input.userId, input.title, input.body)
    await audit(tx, operator, { action: 'messages.send', subject: `user:${input.userId}`, after: { messageId: inserted.id, title: input.title, body: input.body } })
    return inserted
  })
  await app.hub.publishToUser(input.userId, { messageType: 'new_message', data: message })
  return message
}

export async function setNotice(app: FastifyInstance, operator: OperatorActor, title: string, content: string): Promise<Notice> {
  return app.db.transaction(async (tx) => {
    const before = await latestNotice(tx)
    const notice = await publishNotice(tx, title, content)
    await audit(tx, operator, { action: 'notice.publish', subject: 'notice', before, after: notice })
    return notice
  })
}

export async function clearNotice(app: FastifyInstance, operator: OperatorActor) {
  return app.db.transaction(async (tx) => {
    const before = await latestNotice(tx)
    const cleared = await clearNotices(tx)
    await audit(tx, operator, { action: 'notice.clear', subject: 'notice', before, after: null })
    return { cleared }
  })
}

export async function configRows(app: FastifyInstance): Promise<OpsConfigRow[]> {
  const stored = await settingValues(app.db)
  const fallback = configDefaults(app.conf)
  return CONFIG_KEYS.map((configKey) => ({ configKey, value: stored.get(configKey) ?? null, fallback: fallback[configKey] ?? null }))
}

export async function setConfig(app: FastifyInstance, operator: OperatorActor, configKey: ConfigKey, value: string | null): Promise<OpsConfigRow> {
  await app.db.transaction(async (tx) => {
    const before = (await settingValues(tx)).get(configKey) ?? null
    await setConfigValue(tx, configKey, value)
    await audit(tx, operator, { action: 'config.set', subject: `config:${configKey}`, before: { value: before }, after: { value } })
  })
  return { configKey, value, fallback: configDefaults(app.conf)[configKey] ?? null }
}

/** The ledger's proof of conservation and what each book holds, read in one transaction (one snapshot). */
export async function reconciliation(app: FastifyInstance): Promise<OpsReconciliation> {
  return app.db.transaction(
    async (tx) => {
      const [found, totals] = [await reconcileBooks(tx), await ledgerTotals(tx)]
      return { ...found, totals, checkedAt: app.now() }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
