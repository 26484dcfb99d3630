// Idempotency inside the work's own transaction, for the money calls that go to the database in batches (contract
// orders: opens and closes, bench:orders). The general path (idempotent.ts) claims a key, runs the call, and stores its
// outcome: three transactions, two of them only for the key. Here the claim is the first statement of the batch's
// transaction and the outcome its last, so a key and what it did commit together:
// - a claim that finds its key taken waits for the holder's commit (the key's row is locked until then) and is
//   answered "lost": route.ts then takes the general path, which replays the first outcome, or says 422 or 409;
// - a rollback (a 5xx, a crash) takes the claim with it, so the key is given back with nothing stored;
// - a final refusal decided in the transaction (insufficient margin) is stored there, as the general path would.
// A call refused before its transaction (an invalid price, a closed market) has claimed nothing: route.ts takes the
// general path for it, which stores the refusal, or replays what the key did first.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { AppError } from '../app-error.ts'
import type { Tx } from '../ledger/types.ts'
import { isFinalRefusal, refusalOutcome } from './idempotent.ts'
import { insertClaims, storedOf, storeOutcomes, type Outcome, type Scope, type Stored } from './store.ts'

/** A request's claim on its key, handed from route.ts to the batch that does its work. */
export type Ticket = {
  readonly scope: Scope
  readonly fingerprint: string
  readonly attempt: string
  /** The answer route.ts gives for a value (the contract's parse of it): what is stored and replayed. */
  readonly answerOf: (value: unknown) => unknown
  /**
   * Set when the transaction has committed: `claimed` with the stored answer (a refusal is thrown by the work's
   * caller), or `lost` (the key was another request's). Until then, and after a rollback, `unused`.
   */
  state: { kind: 'unused' } | { kind: 'claimed'; answer: unknown } | { kind: 'lost' }
}

export const newTicket = (scope: Scope, fingerprint: string, answerOf: (value: unknown) => unknown): Ticket => ({
  scope,
  fingerprint,
  attempt: randomUUID(),
  answerOf,
  state: { kind: 'unused' },
})

/** The answer of a request whose key another request holds (its ticket says `lost`). */
export class ClaimLost extends Error {
  constructor() {
    super('idempotency key held by another request')
  }
}

export type Claimed<Out> = {
  /** Per input: the work's answer, or ClaimLost for an input whose key was taken. */
  outs: (Out | AppError | ClaimLost)[]
  /** Call once the transaction has committed: sets the tickets' states. */
  committed: () => void
}

/**
 * In `tx`: claims the keys of the inputs that carry a ticket (one statement), runs `work` on the inputs that may go (no
 * ticket, or a claim won), and stores each winner's outcome (one statement): `valueOf` gives what the call answers on
 * success. A winner refused for a reason that must not be final (a "try again") gives its key back.
 */
export async function claimInTx<In extends { ticket?: Ticket }, Out>(
  tx: Tx,
  inputs: In[],
  now: number,
  work: (inputs: In[]) => Promise<(Out | AppError)[]>,
  valueOf: (out: Out) => unknown,
): Promise<Claimed<Out>> {
  const at = new Date(now).toISOString()
  const ticketed = inputs.filter((i) => i.ticket)
  const won =
    ticketed.length === 0
      ? []
      : await insertClaims(
          tx,
          ticketed.map(({ ticket: t }) => ({ user_id: t!.scope.userId, endpoint: t!.scope.endpoint, key: t!.scope.key, fingerprint: t!.fingerprint, attempt: t!.attempt, at })),
        )
  const lost = new Set(ticketed.filter((_, i) => !won[i]))
  const going = inputs.filter((i) => !lost.has(i))
  const done = going.length === 0 ? [] : await work(going)
  const outs = new Map(going.map((input, i) => [input, done[i]!]))
  const stored: Stored[] = []
  const given: Scope[] = []
  const states = new Map<Ticket, Ticket['state']>()
  for (const input of going) {
    const t = input.ticket
    if (!t) continue
    const out = outs.get(input)!
    let outcome: Outcome
    if (out instanceof AppError) {
      if (!isFinalRefusal(out)) {
        given.push(t.scope)
        continue
      }
      outcome = refusalOutcome(out)
    } else {
      outcome = { statusCode: 200, data: t.answerOf(valueOf(out)) }
    }
    stored.push(storedOf(t.scope, t.attempt, outcome, now))
    states.set(t, { kind: 'claimed', answer: outcome.statusCode === 200 ? outcome.data : null })
  }
  if (stored.length > 0) await storeOutcomes(tx, stored)
  if (given.length > 0) await giveBack(tx, given)
  return {
    outs: inputs.map((input) => (lost.has(input) ? new ClaimLost() : outs.get(input)!)),
    committed: () => {
      for (const input of lost) input.ticket!.state = { kind: 'lost' }
      for (const [t, state] of states) t.state = state
    },
  }
}

/** Deletes the claims of this transaction's winners that must not keep their key. */
async function giveBack(tx: Tx, scopes: Scope[]) {
  await tx.execute(sql`
    DELETE FROM idempotency_keys k USING jsonb_to_recordset(${JSON.stringify(scopes)}::jsonb) AS v("userId" uuid, endpoint text, key text)
     WHERE k.user_id = v."userId" AND k.endpoint = v.endpoint AND k.key = v.key`)
}
