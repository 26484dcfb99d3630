// Shared by the trading-account suites: users signed in by one test file, and the books' consistency judged for them.
// On a shared PostgreSQL the orders' sub-ledger of other files' users is theirs to keep; conservation is global.
import type { FastifyInstance } from 'fastify'
import { userIdOf } from '../../idempotency/test-endpoints.ts'
import { signIn } from '../../test/helpers.ts'
import { reconcileBooks } from './orders.subledger.ts'

export function fileBooks() {
  const mine = new Set<string>()
  return {
    async signedIn(on: FastifyInstance) {
      const user = await signIn(on)
      mine.add(await userIdOf(on, user.wallet.address))
      return user
    },
    /** Conservation over the whole ledger, and the orders' sub-ledger for this file's users. */
    async consistent(on: FastifyInstance) {
      const found = await reconcileBooks(on.db)
      const conserved = found.mismatchedAccounts === 0 && found.currencies.every((c) => /^-?0(\.0*)?$/.test(c.sum))
      return conserved && found.subledgers.every((sub) => sub.mismatched.every((m) => !mine.has(m.ownerId)))
    },
  }
}
