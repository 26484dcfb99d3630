// What happens once when a user is created, whichever way they signed up (wallet: auth.service.ts signIn; e-mail:
// password.service.ts register): the inviter their invite link named is bound, a welcome message waits, and the demo
// book is funded with DEMO_FUNDS.
// It runs after the transaction that created the user has committed, never inside it: funding locks the one
// demo_funding house account, and holding that lock inside every first sign-in would queue all sign-ups behind each
// other. If it fails half-way (the process stops), the user still gets their demo funds: getBalance funds a demo
// book that never was (account.service.ts), once, by the same idempotency key.
import type { Db } from '../../db/client.ts'
import { fundDemoBook } from '../../ledger/books.ts'
import { bindInviterAtSignUp } from '../invite/invite.service.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'

export type UserCreatedDeps = { db: Db }

export async function onUserCreated({ db }: UserCreatedDeps, userId: string, { inviteCode }: { inviteCode?: unknown } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await bindInviterAtSignUp(tx, userId, inviteCode)
    await insertTemplateMessage(tx, userId, 'welcome')
  })
  await fundDemoBook(db, userId)
}
