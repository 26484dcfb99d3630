// Idempotency-Keys for money-moving calls (docs/api.md): the order ticket, position and limit rows, the withdraw form.
import { ApiError } from './api.ts'

/**
 * One Idempotency-Key per operation: the same key for every retry of the same request after a timeout or a network
 * failure (the money moves once), a new one once the request changes or the server gave its answer.
 */
export function operationKeys() {
  let current: { body: string; key: string } | null = null
  return {
    keyFor(body: unknown): string {
      const json = JSON.stringify(body)
      if (current?.body !== json) current = { body: json, key: crypto.randomUUID() }
      return current.key
    },
    settled(error: unknown) {
      const retryable = !(error instanceof ApiError) || error.code === 408 || error.code >= 500
      if (!retryable) current = null
    },
  }
}
