// Messages on the live socket /ws. The client sends JSON text; the server sends binary frames holding the deflate
// of JSON { messageType, data }.
import * as z from 'zod/mini'
import { Decimal, Millis } from './endpoint.ts'

export const SOCKET_HEARTBEAT_MS = 5000
export const SOCKET_RETRY_STEP_MS = 500
export const SOCKET_INFLATE_CHUNK = 16384
export const SOCKET_VISIBLE_CHECK_MS = 1000

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bind_user'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({ type: z.literal('ping') }),
])
export type ClientMessage = z.infer<typeof ClientMessage>

export const Ticker = z.object({
  symbol: z.string(),
  bid: Decimal,
  ask: Decimal,
  time: Millis,
  /** True for the built-in price simulator; the app labels such prices "Simulated". */
  simulated: z.boolean(),
})
export type Ticker = z.infer<typeof Ticker>

export const ServerMessage = z.discriminatedUnion('messageType', [
  z.object({ messageType: z.literal('pong'), data: z.object({ time: Millis }) }),
  z.object({ messageType: z.literal('bound'), data: z.object({ ok: z.boolean() }) }),
  z.object({ messageType: z.literal('ticker'), data: z.array(Ticker) }),
  z.object({ messageType: z.literal('new_message'), data: z.unknown() }),
  z.object({ messageType: z.literal('order_update'), data: z.unknown() }),
  z.object({ messageType: z.literal('balance_update'), data: z.unknown() }),
  z.object({ messageType: z.literal('notice'), data: z.unknown() }),
])
export type ServerMessage = z.infer<typeof ServerMessage>
