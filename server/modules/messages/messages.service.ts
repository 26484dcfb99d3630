// A user's messages. sendMessage is how any module (or the operator CLI) notifies a user: stored, then pushed as
// new_message to every socket of that user so the app's unread count rises without a reload.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { MarkMessage, Message, MessagePage } from '#contract/messages.ts'
import { serverMessages, type ServerMessageKey } from '#contract/server-messages.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { messages } from './messages.table.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Messages the system writes: each part is a server message, shown in the reader's language. */
export const MESSAGE_TEMPLATES = {
  welcome: { title: 'messageWelcomeTitle', body: 'messageWelcomeBody' },
  takeProfit: { title: 'messageTakeProfitTitle', body: 'messageTakeProfitBody' },
  stopLoss: { title: 'messageStopLossTitle', body: 'messageStopLossBody' },
  stopOut: { title: 'messageStopOutTitle', body: 'messageStopOutBody' },
  limitFilled: { title: 'messageLimitFilledTitle', body: 'messageLimitFilledBody' },
  limitCancelled: { title: 'messageLimitCancelledTitle', body: 'messageLimitCancelledBody' },
  stopFilled: { title: 'messageStopFilledTitle', body: 'messageStopFilledBody' },
  stopCancelled: { title: 'messageStopCancelledTitle', body: 'messageStopCancelledBody' },
  withdrawalPaid: { title: 'messageWithdrawalPaidTitle', body: 'messageWithdrawalPaidBody' },
  withdrawalRejected: { title: 'messageWithdrawalRejectedTitle', body: 'messageWithdrawalRejectedBody' },
  kycVerified: { title: 'messageKycVerifiedTitle', body: 'messageKycVerifiedBody' },
  kycRejected: { title: 'messageKycRejectedTitle', body: 'messageKycRejectedBody' },
} as const satisfies Record<string, { title: ServerMessageKey; body: ServerMessageKey }>
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES

const isTemplate = (value: string | null): value is MessageTemplate => value !== null && Object.hasOwn(MESSAGE_TEMPLATES, value)

/** Stores a message; the caller pushes it (or, inside a transaction, lets the next page load find it). */
export async function insertMessage(db: Db | Tx, userId: string, title: string, body: string): Promise<{ id: string; title: string }> {
  const [row] = await db.insert(messages).values({ userId, title, body }).returning({ id: messages.id, title: messages.title })
  return row!
}

/** Stores a message of the system's; title and body keep the English text, readers see their language. */
export async function insertTemplateMessage(db: Db | Tx, userId: string, template: MessageTemplate): Promise<{ id: string; title: string }> {
  const parts = MESSAGE_TEMPLATES[template]
  const [row] = await db
    .insert(messages)
    .values({ userId, template, title: serverMessages[parts.title].message, body: serverMessages[parts.body].message })
    .returning({ id: messages.id, title: messages.title })
  return row!
}

export async function sendMessage(app: FastifyInstance, userId: string, title: string, body: string) {
  const message = await insertMessage(app.db, userId, title, body)
  await app.hub.publishToUser(userId, { messageType: 'new_message', data: message })
  return message
}

/** A server message in the reader's language. */
export type Render = (key: ServerMessageKey) => string

const toMessage = (row: typeof messages.$inferSelect, render: Render): Message => ({
  id: row.id,
  title: isTemplate(row.template) ? render(MESSAGE_TEMPLATES[row.template].title) : row.title,
  body: isTemplate(row.template) ? render(MESSAGE_TEMPLATES[row.template].body) : row.body,
  createdAt: row.createdAt.getTime(),
  readAt: row.readAt ? row.readAt.getTime() : null,
})

export async function myMessages(db: Db, userId: string, page: number, size: number, render: Render): Promise<MessagePage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(desc(messages.seq))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(messages).where(eq(messages.userId, userId)),
  ])
  return { list: rows.map((row) => toMessage(row, render)), total: total?.n ?? 0, page, size }
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
  return row?.n ?? 0
}

/** Marks the caller's messages read. Listed ids that are not the caller's answer 404 and nothing changes. */
export async function markMessages(db: Db, userId: string, input: MarkMessage, at: Date): Promise<number> {
  const mine = eq(messages.userId, userId)
  if (input.all) {
    const rows = await db.update(messages).set({ readAt: at }).where(and(mine, isNull(messages.readAt))).returning({ id: messages.id })
    return rows.length
  }
  const ids = [...new Set((input.ids ?? []).map((id) => id.toLowerCase()))]
  const own = await db.select({ id: messages.id }).from(messages).where(and(mine, inArray(messages.id, ids)))
  if (own.length !== ids.length) throw new AppError(404, 'messageNotFound')
  const rows = await db
    .update(messages)
    .set({ readAt: at })
    .where(and(mine, inArray(messages.id, ids), isNull(messages.readAt)))
    .returning({ id: messages.id })
  return rows.length
}
