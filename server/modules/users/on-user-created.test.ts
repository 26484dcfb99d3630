// Wallet and e-mail sign-ups take the same first steps (on-user-created.ts): the demo book funded with the same
// journal, the welcome message, the inviter bound.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, call, signedPayload, newWallet, signIn } from '../../test/helpers.ts'
import { sentMail } from '../password/password.routes.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const get = (url: string, token: string) => call(app, 'GET', url, { token })

async function emailSignUp(invitecode: string): Promise<string> {
  const email = `new.${randomUUID()}@example.com`
  expect((await call(app, 'GET', `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=register`)).status).toBe(200)
  const code = sentMail(app).findLast((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
  const res = await call(app, 'POST', '/api/register', { body: { email, password: 'correct horse battery', code }, headers: { invitecode } })
  expect(res.body).toMatchObject({ code: 200 })
  return res.body.data as string
}

async function walletSignUp(invitecode: string): Promise<string> {
  const res = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(newWallet()), headers: { invitecode } })
  expect(res.body).toMatchObject({ code: 200 })
  return res.body.data as string
}

/** What a new user sees first: balance, record (without ids and times), unread messages. */
async function firstLook(token: string) {
  const record = (await get('/api/getMyTransactionRecord', token)).body.data as { list: Record<string, unknown>[] }
  return {
    balance: (await get('/api/getBalance', token)).body.data,
    record: record.list.map(({ id: _id, time: _time, ...row }) => row),
    unread: (await get('/api/getUnReadMessageNums', token)).body.data,
  }
}

describe('a new user', () => {
  it('gets demo funds, the welcome message and their inviter alike by wallet and by e-mail', async () => {
    const inviter = await signIn(app)
    const { inviteCode } = (await get('/api/getUserInviteCode', inviter.token)).body.data as { inviteCode: string }
    const [byWallet, byEmail] = [await firstLook(await walletSignUp(inviteCode)), await firstLook(await emailSignUp(inviteCode))]
    expect(byWallet).toEqual({
      balance: { book: 'demo', totalUsdt: '10000', currencies: [{ currency: 'USDT', available: '10000', inUse: '0', locked: '0', total: '10000' }] },
      record: [
        {
          kind: 'demo_funding', event: 'demo_funding', reason: 'demo.funding', text: 'Demo funds', amount: '10000', currency: 'USDT', book: 'demo', balanceAfter: '10000',
          orderNo: null, symbol: null, side: null, lots: null, margin: null, fee: null, profit: null, closeReason: null, withdrawalId: null,
        },
      ],
      unread: { count: 1 },
    })
    expect(byEmail).toEqual(byWallet)
    expect((await get('/api/getUserInviteCode', inviter.token)).body.data).toMatchObject({ invitedCount: 2 })
  })
})
