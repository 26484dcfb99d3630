// A user's messages. sendMessage is how any module (or the operator CLI) notifies a user: stored, then pushed as
// new_message to every socket of that user so the app's unread count rises without a reload.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { MarkMessage, Message, MessageOrder, MessagePage, MessageParams } from '#contract/messages.ts'
import { serverMessages, type ServerMessageKey } from '#contract/server-messages.ts'
import { AppError, type MessageValues } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import type { Numbers } from '../account/numbers.ts'
import { openPositionsAmong } from '../orders/orders.repository.ts'
import { messages } from './messages.table.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Messages the system writes: each part is a server message, shown in the reader's language. The order engine's also
 * have `detail`, the body with the message's params filled in, and `link`, which of them the app links to the
 * position ('closed': its entry in the history; 'opened': the position a fill opened, or its history entry once closed).
 */
export const MESSAGE_TEMPLATES = {
  welcome: { title: 'messageWelcomeTitle', body: 'messageWelcomeBody' },
  takeProfit: { title: 'messageTakeProfitTitle', body: 'messageTakeProfitBody', detail: 'messageTakeProfitDetail', link: 'closed' },
  stopLoss: { title: 'messageStopLossTitle', body: 'messageStopLossBody', detail: 'messageStopLossDetail', link: 'closed' },
  stopOut: { title: 'messageStopOutTitle', body: 'messageStopOutBody', detail: 'messageStopOutDetail', link: 'closed' },
  limitFilled: { title: 'messageLimitFilledTitle', body: 'messageLimitFilledBody', detail: 'messageLimitFilledDetail', link: 'opened' },
  limitCancelled: { title: 'messageLimitCancelledTitle', body: 'messageLimitCancelledBody', detail: 'messageLimitCancelledDetail' },
  stopFilled: { title: 'messageStopFilledTitle', body: 'messageStopFilledBody', detail: 'messageStopFilledDetail', link: 'opened' },
  stopCancelled: { title: 'messageStopCancelledTitle', body: 'messageStopCancelledBody', detail: 'messageStopCancelledDetail' },
  withdrawalPaid: { title: 'messageWithdrawalPaidTitle', body: 'messageWithdrawalPaidBody' },
  withdrawalRejected: { title: 'messageWithdrawalRejectedTitle', body: 'messageWithdrawalRejectedBody' },
  kycVerified: { title: 'messageKycVerifiedTitle', body: 'messageKycVerifiedBody' },
  kycRejected: { title: 'messageKycRejectedTitle', body: 'messageKycRejectedBody' },
  nftOutbid: { title: 'messageNftOutbidTitle', body: 'messageNftOutbidBody' },
  nftWon: { title: 'messageNftWonTitle', body: 'messageNftWonBody' },
} as const satisfies Record<string, { title: ServerMessageKey; body: ServerMessageKey; detail?: ServerMessageKey; link?: 'closed' | 'opened' }>
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES
type Parts = { title: ServerMessageKey; body: ServerMessageKey; detail?: ServerMessageKey; link?: 'closed' | 'opened' }

const isTemplate = (value: string | null): value is MessageTemplate => value !== null && Object.hasOwn(MESSAGE_TEMPLATES, value)

/** Stores a message; the caller pushes it (or, inside a transaction, lets the next page load find it). */
export async function insertMessage(db: Db | Tx, userId: string, title: string, body: string): Promise<{ id: string; title: string }> {
  const [row] = await db.insert(messages).values({ userId, title, body }).returning({ id: messages.id, title: messages.title })
  return row!
}

/** Stores a message of the system's; title and body keep the English text, readers see their language (with the
 * params filled in, when the template has a detail sentence). */
export async function insertTemplateMessage(
  db: Db | Tx,
  userId: string,
  template: MessageTemplate,
  params?: MessageParams,
): Promise<{ id: string; title: string }> {
  const parts: Parts = MESSAGE_TEMPLATES[template]
  const [row] = await db
    .insert(messages)
    .values({ userId, template, params: params ?? null, title: serverMessages[parts.title].message, body: serverMessages[parts.body].message })
    .returning({ id: messages.id, title: messages.title })
  return row!
}

export async function sendMessage(app: FastifyInstance, userId: string, title: string, body: string) {
  const message = await insertMessage(app.db, userId, title, body)
  await app.hub.publishToUser(userId, { messageType: 'new_message', data: message })
  return message
}

/** The reader: a server message in their language (prices in `values` formatted there too, server/plugins/i18n.ts
 * readable), and their numbers (server/modules/account/numbers.ts) for the lots and amounts. */
export type Reader = { render: (key: ServerMessageKey, values?: MessageValues) => string; numbers: Numbers }

/** The params in the reader's language: the price is formatted by the translator, with the digits it was stored with. */
const valuesOf = (p: MessageParams, numbers: Numbers): MessageValues => ({
  orderNo: p.orderNo,
  symbol: p.symbol,
  side: p.side,
  count: Number(p.lots),
  lots: numbers.lots(p.lots),
  price: p.price,
  pnl: p.pnl === undefined ? '' : numbers.amount(p.pnl, true),
  currency: p.currency ?? '',
})

function toMessage(row: typeof messages.$inferSelect, reader: Reader, open: Set<string>): Message {
  const base = { id: row.id, createdAt: row.createdAt.getTime(), readAt: row.readAt ? row.readAt.getTime() : null }
  if (!isTemplate(row.template)) return { ...base, title: row.title, body: row.body }
  const parts: Parts = MESSAGE_TEMPLATES[row.template]
  const title = reader.render(parts.title)
  const p = row.params
  if (!p || !parts.detail) return { ...base, title, body: reader.render(parts.body) }
  const message: Message = { ...base, title, body: reader.render(parts.detail, valuesOf(p, reader.numbers)) }
  if (parts.link) {
    const place: MessageOrder['place'] = parts.link === 'opened' && open.has(p.orderNo) ? 'position' : 'history'
    message.order = { orderNo: p.orderNo, book: p.book, place }
  }
  return message
}

export async function myMessages(db: Db, userId: string, page: number, size: number, reader: Reader): Promise<MessagePage> {
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
  // A fill links to its position while it is open, to its history entry once it closed.
  const opened = rows.filter((r) => isTemplate(r.template) && (MESSAGE_TEMPLATES[r.template] as Parts).link === 'opened' && r.params)
  const open = opened.length > 0 ? await openPositionsAmong(db, userId, opened.map((r) => r.params!.orderNo)) : new Set<string>()
  return { list: rows.map((row) => toMessage(row, reader, open)), total: total?.n ?? 0, page, size }
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
