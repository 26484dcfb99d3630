// Shared by the withdrawal tests: a signed-in user on the live book holding some USDT, credited through the ledger as
// a deposit would be.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { AccountInfo } from '#contract/auth.ts'
import { postJournal } from '../../ledger/post.ts'
import { call, signIn } from '../../test/helpers.ts'

export async function liveUser(app: FastifyInstance, amount: string): Promise<{ token: string; id: string }> {
  const { token } = await signIn(app)
  const user = (await call(app, 'GET', '/api/getMyAccountInfo', { token })).body.data as AccountInfo
  await postJournal(app.db, {
    kind: 'deposit',
    reason: 'transfer',
    idempotencyKey: `test-funding:${randomUUID()}`,
    userId: user.id,
    legs: [
      { account: { ownerId: user.id, book: 'live', kind: 'available' }, amount, currency: 'USDT' },
      { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: `-${amount}`, currency: 'USDT' },
    ],
  })
  const switched = await call(app, 'POST', '/api/updateAccountType', { token, body: { accountType: 'live' } })
  if (switched.status !== 200) throw new Error('could not switch to the live book')
  return { token, id: user.id }
}
