// PostgreSQL errors as node-postgres and PGlite raise them, possibly wrapped by Drizzle (DrizzleQueryError.cause).
type PgErrorLike = { code?: string; constraint?: string; message?: string }

export function pgError(error: unknown): PgErrorLike | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgErrorLike & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    current = candidate.cause
  }
  return null
}

/** ledger_post_batch refused a leg whose account does not exist: the accounts a transaction opened were remembered
 * (post.ts, openedInTx) and that transaction rolled back. The poster forgets them, and a retry opens them again. */
export const isMissingAccount = (error: unknown) => /a leg names an account that does not exist/.test(pgError(error)?.message ?? '')

/** Deadlock, serialization failure or a forgotten account (isMissingAccount): the whole transaction may simply be
 * tried again. */
export const isRetryable = (error: unknown) => {
  const code = pgError(error)?.code
  return code === '40P01' || code === '40001' || isMissingAccount(error)
}

/**
 * Retries made in this process since it started, by cause. A deadlock retry means two transactions took locks in
 * different orders: the ledger is written so that it never happens (bench:signups and bench:ledger print these).
 * A serialization retry is expected now and then: two postings with the same idempotency key at the same moment.
 */
export const retryCounts = { deadlock: 0, serialization: 0, reopened: 0 }

type RetryListener = (info: { code: string; attempt: number; error: unknown }) => void
const listeners = new Set<RetryListener>()

/** Hears every retry (the server logs them); answers a function that stops listening. */
export function onRetry(listener: RetryListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Runs work again, up to `attempts` times in all, while it fails with a deadlock or serialization failure. */
export async function retrying<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error
      const code = pgError(error)!.code!
      if (code === '40P01') retryCounts.deadlock++
      else if (code === '40001') retryCounts.serialization++
      else retryCounts.reopened++
      for (const listener of listeners) listener({ code, attempt, error })
    }
  }
}

/** A data or integrity error (classes 22 and 23): caused by what a statement was given, not by the moment. */
export const isPostingError = (error: unknown) => /^2[23]/.test(pgError(error)?.code ?? '')

const RETRY_MESSAGES: Record<string, string> = { '40P01': 'ledger deadlock, retrying', '40001': 'ledger serialization failure, retrying' }

/** Logs every retry through the app's logger, until the app closes. */
export function logRetries(app: { log: { warn: (object: object, message: string) => void }; addHook: (name: 'onClose', hook: () => void) => unknown }) {
  const stop = onRetry(({ code, attempt }) => app.log.warn({ code, attempt }, RETRY_MESSAGES[code] ?? 'ledger account opened by a rolled-back transaction, opening it again'))
  app.addHook('onClose', stop)
}
