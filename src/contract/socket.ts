// Messages on the live socket /ws. The client sends JSON text; the server sends binary frames holding the deflate
// of JSON { messageType, data }.
import * as z from 'zod/mini'
import { Decimal, Millis } from './endpoint.ts'

export const SOCKET_HEARTBEAT_MS = 5000
export const SOCKET_RETRY_STEP_MS = 500
export const SOCKET_INFLATE_CHUNK = 16384
export const SOCKET_VISIBLE_CHECK_MS = 1000

/** Why the server closed a socket (WebSocket close codes). The app reconnects after each, as after any close. */
export const SOCKET_CLOSE = {
  /** No valid message within the idle time (a dead client). */
  idle: 4000,
  /** The bound session was revoked (sign-out, password change) or expired: the token is no longer good. */
  sessionEnded: 4001,
  /** More messages than SOCKET_MESSAGE_BURST allows (the standard code for a policy violation). */
  rateLimited: 1008,
} as const

/**
 * Messages a socket may send: a bucket of SOCKET_MESSAGE_BURST refilled at SOCKET_MESSAGES_PER_SECOND. The app sends
 * a ping every 5 s and a bind after (re)connecting or signing in: a tenth of this. A client past it is closed.
 */
export const SOCKET_MESSAGE_BURST = 20
export const SOCKET_MESSAGES_PER_SECOND = 2

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bind_user'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({ type: z.literal('ping') }),
  // The console's socket: an operator token with the support role receives support_message for every conversation.
  z.object({ type: z.literal('bind_operator'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
])
export type ClientMessage = z.infer<typeof ClientMessage>

export const Ticker = z.object({
  symbol: z.string(),
  bid: Decimal,
  ask: Decimal,
  time: Millis,
  /**
   * The reference price the change is measured against (mid price at the session's open). The simulator's is the
   * instrument's start mid, which its walk stays near. Optional: prices saved by an older app version have none.
   */
  open: z.optional(Decimal),
  /** True for the built-in price simulator; the app labels such prices "Simulated". */
  simulated: z.boolean(),
})
export type Ticker = z.infer<typeof Ticker>

export const ServerMessage = z.discriminatedUnion('messageType', [
  z.object({ messageType: z.literal('pong'), data: z.object({ time: Millis }) }),
  // `ended`: the token names no live session (signed out elsewhere, password changed, expired) and never will again;
  // without it, a false `ok` means the server could not check (try again later).
  z.object({ messageType: z.literal('bound'), data: z.object({ ok: z.boolean(), ended: z.optional(z.boolean()) }) }),
  z.object({ messageType: z.literal('ticker'), data: z.array(Ticker) }),
  z.object({ messageType: z.literal('new_message'), data: z.unknown() }),
  z.object({ messageType: z.literal('order_update'), data: z.unknown() }),
  z.object({ messageType: z.literal('kyc_update'), data: z.unknown() }),
  z.object({ messageType: z.literal('balance_update'), data: z.unknown() }),
  // A deposit of the user's changed (confirmations, credited, rejected): { id, status, confirmations }.
  z.object({ messageType: z.literal('deposit_update'), data: z.unknown() }),
  z.object({ messageType: z.literal('notice'), data: z.unknown() }),
  // A support chat message (src/contract/support.ts SupportEvent): to its user, and to operators' sockets.
  z.object({ messageType: z.literal('support_message'), data: z.unknown() }),
])
export type ServerMessage = z.infer<typeof ServerMessage>
