// The shape every endpoint description has. Both the app's api() client and the server's route() helper read it,
// so a path, method, payload and answer are described exactly once.
// zod/mini: the same schemas as classic zod in a fraction of the app bundle (bench/size.ts).
import * as z from 'zod/mini'

export type Endpoint = {
  method: 'GET' | 'POST'
  path: string
  /** Query string schema (GET). */
  query?: z.ZodMiniType
  /** JSON body schema (POST). */
  body?: z.ZodMiniType
  /** Schema of `data` in a successful envelope. */
  data: z.ZodMiniType
  /** The caller must hold a valid token. */
  auth: boolean
  /**
   * Moves money: the caller must hold a token and send an Idempotency-Key header (8 to 200 printable ASCII
   * characters, a new one per operation). The first outcome of a key, refusals included, is answered again for 24 h
   * at least; the same key with another body or query is a 422; a repeat while the first runs is a 409.
   */
  money?: boolean
}

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined
export type DataOf<E extends Endpoint> = z.output<E['data']>

/** Every answer, success or failure, has this shape; the HTTP status equals `code`. */
export const Envelope = z.object({ code: z.int(), msg: z.string(), data: z.unknown() })
export type Envelope<T = unknown> = { code: number; msg: string; data: T | null }

export const ErrorCode = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500] as const

/** Decimal amounts travel as strings, never floats. */
export const Decimal = z.string().check(z.regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'decimal'))

/** A decimal above zero (lots, prices, amounts). */
export const PositiveDecimal = Decimal.check(z.refine((v) => /[1-9]/.test(v) && !v.startsWith('-'), 'positive'))

const INT8_MAX = '9223372036854775807'

/**
 * A row id of a bigint (int8) column, as the decimal digits it travels in: 1 to 19 digits and at most int8's maximum,
 * so a larger number is a 400 here instead of an out-of-range error in PostgreSQL.
 */
export const Int8Id = z.string().check(z.refine((v) => /^\d{1,19}$/.test(v) && (v.length < 19 || v <= INT8_MAX), 'id'))

/**
 * The message of the issue StorableInput raises. PostgreSQL refuses NUL in text and jsonb, and jsonb refuses an
 * unpaired UTF-16 surrogate (a lone \ud800 is valid JSON but not Unicode): such input is refused before a handler runs.
 */
export const UNSTORABLE_TEXT = 'unstorableText'
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * The path of the first string (value or key) in `value` that PostgreSQL cannot store; null when there is none.
 * Walked with a stack of its own, not recursion, so a deeply nested body cannot overflow the call stack; each node
 * keeps a link to its parent, and the path is built only for the string it finds.
 */
export function unstorableTextPath(value: unknown): PropertyKey[] | null {
  type Node = { value: unknown; key: PropertyKey | null; parent: Node | null }
  const pathOf = (node: Node) => {
    const path: PropertyKey[] = []
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) path.unshift(at.key)
    return path
  }
  const stack: Node[] = [{ value, key: null, parent: null }]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (typeof node.value === 'string') {
      if (UNSTORABLE.test(node.value)) return pathOf(node)
      continue
    }
    if (node.value === null || typeof node.value !== 'object') continue
    const entries: Array<[PropertyKey, unknown]> = Array.isArray(node.value) ? node.value.map((item, i) => [i, item]) : Object.entries(node.value)
    for (const [key] of entries) {
      if (typeof key === 'string' && UNSTORABLE.test(key)) return pathOf({ value: key, key, parent: node })
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node })
  }
  return null
}

/** Any request input (body or query) whose every string PostgreSQL can store; route() reads every input through it. */
export const StorableInput = z.unknown().check(
  z.superRefine((value, ctx) => {
    const path = unstorableTextPath(value)
    if (path) ctx.addIssue({ code: 'custom', message: UNSTORABLE_TEXT, path, input: value })
  }),
)

/** A request schema that first refuses unstorable text anywhere in the input (see StorableInput). */
export const storable = <S extends z.ZodMiniType>(schema: S) => z.pipe(StorableInput, schema)

/** Epoch milliseconds. */
export const Millis = z.int().check(z.gte(0))

/** A 0x-prefixed 20-byte hex address, any case (the server checksums it). */
export const Address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'address'))

export const Page = z.object({
  page: z._default(z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(100000)), 1),
  size: z._default(z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(100)), 20),
})

export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ list: z.array(item), total: z.int(), page: z.int(), size: z.int() })
