// The support chat. A user has one conversation, made by their first message; operators reply to it from the
// console. Every new message goes out on the socket as support_message: to the user's sockets and to operators'
// (hub.publishToOperators), each with that side's unread count, so both see it without reloading. A send names a
// client key: the same key again (a retry) answers the stored message and stores nothing.
import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OpsConversation, OpsConversationPage } from '#contract/ops-support.ts'
import { SUPPORT_TEXT_MAX, type SupportAttachment, type SupportAuthor, type SupportChatPage, type SupportMessage } from '#contract/support.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { userLabels } from '../auth/users.repository.ts'
import { audit } from '../ops/audit.ts'
import type { OperatorActor } from '../ops/operators.ts'
import { attachmentFor, attachmentsByIds } from './support.attachments.ts'
import { supportConversations as conversations, supportMessages as messages } from './support.table.ts'

type Conversation = typeof conversations.$inferSelect
type Page = { page: number; size: number }
type MessageRow = typeof messages.$inferSelect
/** What a message says: its text (trimmed; empty beside a picture) and its picture. */
type Content = { body: string; attachment: SupportAttachment | null }

const toMessage = (row: MessageRow, attachment: SupportAttachment | null): SupportMessage => ({
  id: String(row.id),
  conversationId: String(row.conversationId),
  author: row.author,
  body: row.body,
  attachment,
  createdAt: row.createdAt.getTime(),
})

async function toMessages(db: Db, rows: MessageRow[]): Promise<SupportMessage[]> {
  const attachments = await attachmentsByIds(db, rows.map((r) => r.uploadId))
  return rows.map((r) => toMessage(r, r.uploadId ? (attachments.get(r.uploadId) ?? null) : null))
}

/** The text, at most SUPPORT_TEXT_MAX, and the picture (refused unless the author's own kind in this conversation); not neither. */
async function messageContent(db: Db, input: { body: string; attachmentId?: string | undefined }, userId: string, author: SupportAuthor): Promise<Content> {
  const body = input.body.trim()
  if (body.length === 0 && input.attachmentId === undefined) throw new AppError(400, 'supportEmpty')
  if (body.length > SUPPORT_TEXT_MAX) throw new AppError(400, 'supportTooLong', { max: SUPPORT_TEXT_MAX })
  return { body, attachment: await attachmentFor(db, input.attachmentId, userId, author) }
}

async function conversationOfUser(db: Db, userId: string, conversationId?: string): Promise<Conversation | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.userId, userId))
  if (conversationId !== undefined && String(row?.id) !== String(BigInt(conversationId))) throw new AppError(404, 'supportNotFound')
  return row ?? null
}

async function conversationById(db: Db, id: string): Promise<Conversation> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, Number(id)))
  if (!row) throw new AppError(404, 'supportNotFound')
  return row
}

/** Messages of `author` after `readId`: the other side's unread. */
async function unreadOf(db: Db, conversationId: number, author: SupportAuthor, readId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.author, author), gt(messages.id, readId)))
  return row?.n ?? 0
}

async function messagePage(db: Db, conversationId: number, { page, size }: Page) {
  const where = eq(messages.conversationId, conversationId)
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(messages).where(where),
  ])
  return { list: await toMessages(db, rows), total: total?.n ?? 0, page, size }
}

export async function userChat(db: Db, userId: string, query: Page & { conversationId?: string }): Promise<SupportChatPage> {
  const conversation = await conversationOfUser(db, userId, query.conversationId)
  if (!conversation) return { conversationId: null, list: [], total: 0, page: query.page, size: query.size, unread: 0 }
  const [page, unread] = await Promise.all([
    messagePage(db, conversation.id, query),
    unreadOf(db, conversation.id, 'staff', conversation.userReadId),
  ])
  return { conversationId: String(conversation.id), ...page, unread }
}

export async function userUnread(db: Db, userId: string): Promise<number> {
  const conversation = await conversationOfUser(db, userId)
  return conversation ? unreadOf(db, conversation.id, 'staff', conversation.userReadId) : 0
}

/** Stores the message once per client key; a repeat answers the stored one and pushes nothing. */
async function store(
  db: Db,
  conversation: Conversation,
  input: Content & { author: SupportAuthor; operatorId: string | null; clientKey: string; at: Date },
  also?: (tx: Db, message: SupportMessage) => Promise<void>,
): Promise<{ message: SupportMessage; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        author: input.author,
        operatorId: input.operatorId,
        body: input.body,
        uploadId: input.attachment?.id ?? null,
        clientKey: input.clientKey,
        createdAt: input.at,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) {
      const [stored] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversation.id), eq(messages.author, input.author), eq(messages.clientKey, input.clientKey)))
      return { message: (await toMessages(tx as unknown as Db, [stored!]))[0]!, created: false }
    }
    // An operator who replies has read the conversation.
    const read = input.author === 'staff' ? { staffReadId: row.id } : {}
    await tx.update(conversations).set({ lastMessageAt: input.at, ...read }).where(eq(conversations.id, conversation.id))
    const message = toMessage(row, input.attachment)
    if (also) await also(tx as unknown as Db, message)
    return { message, created: true }
  })
}

/** Tells both sides: the user's sockets with their unread count, operators' with the conversation's. */
async function push(app: FastifyInstance, userId: string, conversationId: number, message: SupportMessage) {
  const [row] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId))
  if (!row) return
  const [userSide, staffSide] = await Promise.all([
    unreadOf(app.db, conversationId, 'staff', row.userReadId),
    unreadOf(app.db, conversationId, 'user', row.staffReadId),
  ])
  await Promise.all([
    app.hub.publishToUser(userId, { messageType: 'support_message', data: { message, unread: userSide } }),
    app.hub.publishToOperators({ messageType: 'support_message', data: { message, unread: staffSide } }),
  ])
}

export async function sendUserMessage(
  app: FastifyInstance,
  userId: string,
  input: { conversationId?: string | undefined; body: string; attachmentId?: string | undefined; clientKey: string },
): Promise<SupportMessage> {
  const content = await messageContent(app.db, input, userId, 'user')
  let conversation = await conversationOfUser(app.db, userId, input.conversationId)
  if (!conversation) {
    await app.db.insert(conversations).values({ userId }).onConflictDoNothing()
    conversation = (await conversationOfUser(app.db, userId))!
  }
  const at = new Date(app.now())
  const { message, created } = await store(app.db, conversation, { ...content, author: 'user', operatorId: null, clientKey: input.clientKey, at })
  if (created) await push(app, userId, conversation.id, message)
  return message
}

/** Marks the conversation read up to its newest message; answers how many of the other side's were unread. */
async function markRead(db: Db, conversation: Conversation, side: 'user' | 'staff'): Promise<number> {
  const other: SupportAuthor = side === 'user' ? 'staff' : 'user'
  const readId = side === 'user' ? conversation.userReadId : conversation.staffReadId
  const unread = await unreadOf(db, conversation.id, other, readId)
  const [newest] = await db.select({ id: max(messages.id) }).from(messages).where(eq(messages.conversationId, conversation.id))
  const upTo = Number(newest?.id ?? 0)
  const column = side === 'user' ? conversations.userReadId : conversations.staffReadId
  await db
    .update(conversations)
    .set(side === 'user' ? { userReadId: sql`greatest(${column}, ${upTo})` } : { staffReadId: sql`greatest(${column}, ${upTo})` })
    .where(eq(conversations.id, conversation.id))
  return unread
}

export async function markUserRead(db: Db, userId: string, conversationId?: string): Promise<number> {
  const conversation = await conversationOfUser(db, userId, conversationId)
  return conversation ? markRead(db, conversation, 'user') : 0
}

export async function setChatId(db: Db, userId: string, chatId: string | null): Promise<null> {
  await db
    .insert(conversations)
    .values({ userId, chatId })
    .onConflictDoUpdate({ target: conversations.userId, set: { chatId } })
  return null
}

export async function chatIds(db: Db, userId: string) {
  const conversation = await conversationOfUser(db, userId)
  // A conversation made only to cache a provider's id has no messages yet; the app still resumes it.
  return { conversationId: conversation ? String(conversation.id) : null, chatId: conversation?.chatId ?? null }
}

// Console side.

// Written out: inside a select from one table drizzle leaves column names unqualified, and the subquery's own table
// would capture "id".
const lastBody = sql<string | null>`(select m.body from support_messages m where m.conversation_id = support_conversations.id order by m.id desc limit 1)`
const staffUnread = sql<number>`(select count(*) from support_messages m where m.conversation_id = support_conversations.id and m.author = 'user' and m.id > support_conversations.staff_read_id)`

async function opsRows(db: Db, rows: Array<Conversation & { lastBody: string | null; unread: number | string }>): Promise<OpsConversation[]> {
  const labels = await userLabels(db, rows.map((r) => r.userId))
  return rows.map((r) => ({
    id: String(r.id),
    userId: r.userId,
    userLabel: labels.get(r.userId) ?? r.userId,
    unread: Number(r.unread),
    lastMessageAt: r.lastMessageAt ? r.lastMessageAt.getTime() : null,
    lastBody: r.lastBody,
  }))
}

const withCounts = { id: conversations.id, userId: conversations.userId, chatId: conversations.chatId, userReadId: conversations.userReadId, staffReadId: conversations.staffReadId, lastMessageAt: conversations.lastMessageAt, createdAt: conversations.createdAt, lastBody, unread: staffUnread }

/** Conversations with messages, the latest first. */
export async function opsConversations(db: Db, { page, size }: Page) {
  const hasMessages = sql`${conversations.lastMessageAt} is not null`
  const [rows, [total]] = await Promise.all([
    db.select(withCounts).from(conversations).where(hasMessages).orderBy(desc(conversations.lastMessageAt), desc(conversations.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(conversations).where(hasMessages),
  ])
  return { list: await opsRows(db, rows), total: total?.n ?? 0, page, size }
}

export async function opsConversation(db: Db, query: Page & { id: string }): Promise<OpsConversationPage> {
  const [row] = await db.select(withCounts).from(conversations).where(eq(conversations.id, Number(query.id)))
  if (!row) throw new AppError(404, 'supportNotFound')
  const [conversation] = await opsRows(db, [row])
  return { conversation: conversation!, ...(await messagePage(db, row.id, query)) }
}

export async function opsMarkRead(db: Db, id: string): Promise<number> {
  return markRead(db, await conversationById(db, id), 'staff')
}

export async function opsReply(
  app: FastifyInstance,
  operator: OperatorActor,
  input: { id: string; body: string; attachmentId?: string | undefined; clientKey: string },
): Promise<SupportMessage> {
  const conversation = await conversationById(app.db, input.id)
  const content = await messageContent(app.db, input, conversation.userId, 'staff')
  const at = new Date(app.now())
  const { message, created } = await store(app.db, conversation, { ...content, author: 'staff', operatorId: operator.id, clientKey: input.clientKey, at }, (tx, m) =>
    audit(tx, operator, {
      action: 'support.reply',
      subject: `user:${conversation.userId}`,
      after: { conversationId: m.conversationId, messageId: m.id, uploadId: m.attachment?.id ?? null },
    }),
  )
  if (created) await push(app, conversation.userId, conversation.id, message)
  return message
}
