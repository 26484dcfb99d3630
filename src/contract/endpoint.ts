// The shape every endpoint description has. Both the app's api() client and the server's route() helper read it,
// so a path, method, payload and answer are described exactly once.
import { z } from 'zod'

export type Endpoint = {
  method: 'GET' | 'POST'
  path: string
  /** Query string schema (GET). */
  query?: z.ZodType
  /** JSON body schema (POST). */
  body?: z.ZodType
  /** Schema of `data` in a successful envelope. */
  data: z.ZodType
  /** The caller must hold a valid token. */
  auth: boolean
  /** Moves money: the caller must send an Idempotency-Key header. */
  money?: boolean
}

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined
export type DataOf<E extends Endpoint> = z.output<E['data']>

/** Every answer, success or failure, has this shape; the HTTP status equals `code`. */
export const Envelope = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() })
export type Envelope<T = unknown> = { code: number; msg: string; data: T | null }

export const ErrorCode = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const

/** Decimal amounts travel as strings, never floats. */
export const Decimal = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'decimal')

/** Epoch milliseconds. */
export const Millis = z.number().int().nonnegative()

/** A 0x-prefixed 20-byte hex address, any case (the server checksums it). */
export const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'address')

export const Page = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
})

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() })
