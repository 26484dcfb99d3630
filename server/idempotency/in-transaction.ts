// Idempotency inside the work's own transaction, for the money calls that go to the database in batches (contract
// orders: opens and closes, bench:orders). The general path (idempotent.ts) claims a key, runs the call, and stores its
// outcome: three transactions, two of them only for the key. Here the keys are locked by the batch's first statement
// and written, each once with its outcome, by its last (0051_keys_locked_stored_once.sql), so a key and what it did
// commit together:
// - a key already stored, or held by a transaction still running (its lock is waited for), is answered "lost":
//   route.ts then takes the general path, which replays the first outcome, or says 422 or 409; so is a key's second
//   request in the same batch, whose general-path claim waits for this batch's commit;
// - a rollback (a 5xx, a crash) takes nothing with it but the locks: the key was never written;
// - a final refusal decided in the transaction (insufficient margin) is stored there, as the general path would;
//   a refusal that must not be final (a "try again") stores nothing, and the key stays free.
// A call refused before its transaction (an invalid price, a closed market) has claimed nothing: route.ts takes the
// general path for it, which stores the refusal, or replays what the key did first.
import { randomUUID } from 'node:crypto'
import { AppError } from '../app-error.ts'
import type { Tx } from '../ledger/types.ts'
import { isFinalRefusal, refusalOutcome } from './idempotent.ts'
import { insertOutcomes, lockKeys, storedOf, type Outcome, type Scope, type Stored } from './store.ts'

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
  /** The statement storing the keys, still running: the transaction's last (server/db/pipelined.ts). */
  last?: Promise<unknown>
  /** Call once the transaction has committed: sets the tickets' states. */
  committed: () => void
}

/** A batch's work in two parts, so that its first statements go out with the keys' locks (server/db/pipelined.ts). */
export type BatchWork<In, Out, Read> = {
  /**
   * The work's reads (and row locks), made for every input without waiting for the keys' locks: those of an input
   * whose key turns out taken are read for nothing. PostgreSQL still runs them after the keys' locks are held.
   */
  read: (inputs: In[]) => Promise<Read>
  /** The work itself, on the inputs that may go, with what `read` answered. */
  work: (going: In[], read: Read) => Promise<(Out | AppError)[]>
}

/**
 * In `tx`: locks the keys of the inputs that carry a ticket (one statement) and sends the work's reads behind it,
 * runs the work on the inputs that may go (no ticket, or a key not stored before and first in the batch), and stores
 * each one's key with its outcome (one statement, answered as `last`, not awaited): `valueOf` gives what the call
 * answers on success. A refusal that must not be final stores nothing.
 */
export async function claimInTx<In extends { ticket?: Ticket }, Out, Read>(
  tx: Tx,
  inputs: In[],
  now: number,
  batch: BatchWork<In, Out, Read>,
  valueOf: (out: Out) => unknown,
): Promise<Claimed<Out>> {
  // A key's first request in the batch claims it; a repeat is lost, and waits in the general path for this commit.
  const firsts = new Map<string, In>()
  for (const input of inputs) {
    const t = input.ticket
    if (!t) continue
    const id = JSON.stringify([t.scope.userId, t.scope.endpoint, t.scope.key])
    if (!firsts.has(id)) firsts.set(id, input)
  }
  const claiming = [...firsts.values()]
  // Sent in this order, the reads right behind the locks (both are awaited, so neither failure goes unhandled).
  const [stored, read] = await Promise.all([claiming.length === 0 ? [] : lockKeys(tx, claiming.map((i) => i.ticket!.scope)), batch.read(inputs)])
  const won = new Set(claiming.filter((_, i) => !stored[i]))
  const lost = new Set(inputs.filter((i) => i.ticket && !won.has(i)))
  const going = inputs.filter((i) => !lost.has(i))
  const done = going.length === 0 ? [] : await batch.work(going, read)
  const outs = new Map(going.map((input, i) => [input, done[i]!]))
  const rows: (Stored & { fingerprint: string })[] = []
  const states = new Map<Ticket, Ticket['state']>()
  for (const input of going) {
    const t = input.ticket
    if (!t) continue
    const out = outs.get(input)!
    let outcome: Outcome
    if (out instanceof AppError) {
      if (!isFinalRefusal(out)) continue
      outcome = refusalOutcome(out)
    } else {
      outcome = { statusCode: 200, data: t.answerOf(valueOf(out)) }
    }
    rows.push({ ...storedOf(t.scope, t.attempt, outcome, now), fingerprint: t.fingerprint })
    states.set(t, { kind: 'claimed', answer: outcome.statusCode === 200 ? outcome.data : null })
  }
  // Under the keys' locks no other claim can have come in: a key found taken here fails the statement, and with it
  // the batch (run again alone).
  return {
    outs: inputs.map((input) => (lost.has(input) ? new ClaimLost() : outs.get(input)!)),
    last: rows.length > 0 ? insertOutcomes(tx, rows) : undefined,
    committed: () => {
      for (const input of lost) input.ticket!.state = { kind: 'lost' }
      for (const [t, state] of states) t.state = state
    },
  }
}
