// Idempotency as Stripe does it, for every money-moving endpoint (route.ts calls this; docs/api.md "Idempotency"):
// the first outcome of a key, refusals included, is stored with the request's fingerprint and answered again for
// every repeat; the same key with another request is a 422; a repeat while the first still runs is a 409.
// Only a final outcome is stored: a 5xx or a crash gives the key back, so the caller may try again. The money stays
// safe across such a retry because the handler gives the ledger a key derived from (user, endpoint, key), which
// the ledger's unique journal key turns into "posted once" whatever runs twice.
import type { FastifyBaseLogger } from 'fastify'
import { serverMessages, type ServerMessageKey } from '#contract/server-messages.ts'
import { AppError } from '../app-error.ts'
import type { Db } from '../db/client.ts'
import { claimKey, releaseKey, storeOutcome, type ClaimLane, type Outcome, type Scope } from './store.ts'

export type IdempotentCall = {
  db: Db
  log: FastifyBaseLogger
  now: () => number
  scope: Scope
  fingerprint: string
  /** Called before a stored outcome is answered again (route.ts marks the reply). */
  onReplay: () => void
  /** The claims' lane (store.ts ClaimLane): general unless the route claims in its work's transaction. */
  lane?: ClaimLane
}

/** Refusals that say "try again" are about the moment, not the request: storing them would refuse the retry forever. */
const TRY_AGAIN = new Set<ServerMessageKey>(['rateLimited', 'ledgerBusy'])

/** A refusal is final when the request itself was refused (a 4xx that is not a "try again"). */
export const isFinalRefusal = (error: unknown): error is AppError =>
  error instanceof AppError &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 429 &&
  !TRY_AGAIN.has(error.messageKey)

/** Runs `run` once per key and answers its data; refusals (first or replayed) are thrown as AppError. */
export async function idempotent(call: IdempotentCall, run: () => Promise<unknown>): Promise<unknown> {
  const { db, log, scope } = call
  const claim = await claimKey(db, scope, call.fingerprint, call.now(), call.lane)
  if (claim.kind === 'otherRequest') throw new AppError(422, 'idempotencyKeyReused')
  if (claim.kind === 'running') throw new AppError(409, 'idempotencyKeyInProgress')
  if (claim.kind === 'done') {
    call.onReplay()
    return answer(claim.outcome)
  }
  if (claim.tookOver) log.warn({ endpoint: scope.endpoint }, 'idempotency key taken over from a stale attempt')
  const store = async (outcome: Outcome) => {
    // The outcome was reached; failing to store it must not turn it into an error. The key stays running, so a
    // repeat waits out STALE_AFTER_MS and runs again, and the ledger answers its first posting.
    const stored = await storeOutcome(db, scope, claim.attempt, outcome, call.now()).catch((error: unknown) => {
      log.error({ err: error, endpoint: scope.endpoint }, 'could not store an idempotent outcome')
      return true
    })
    if (!stored) log.warn({ endpoint: scope.endpoint }, 'idempotency key was taken over before this attempt ended')
  }
  let data: unknown
  try {
    data = await run()
  } catch (error) {
    if (isFinalRefusal(error)) {
      await store(refusalOutcome(error))
    } else {
      await releaseKey(db, scope, claim.attempt).catch((releaseError: unknown) =>
        log.error({ err: releaseError, endpoint: scope.endpoint }, 'could not give an idempotency key back'),
      )
    }
    throw error
  }
  await store({ statusCode: 200, data })
  return data
}

/** The stored outcome of a final refusal. */
export const refusalOutcome = (error: AppError): Outcome => ({ statusCode: error.statusCode, messageKey: error.messageKey, params: error.values ?? null, data: error.data })

function answer(outcome: Outcome): unknown {
  if (outcome.statusCode === 200) return (outcome as { data: unknown }).data
  const refusal = outcome as Extract<Outcome, { messageKey: string }>
  // Re-translated now, into the caller's current language. A message id removed by a later release still answers
  // the stored code, with the generic conflict text.
  const key = (Object.hasOwn(serverMessages, refusal.messageKey) ? refusal.messageKey : 'conflict') as ServerMessageKey
  throw new AppError(refusal.statusCode, key, refusal.params ?? undefined, refusal.data ?? null)
}
