// A transfer claimed twice (deposits.claim-record.ts), on PGlite and on PostgreSQL: the claim of the transfer's proven
// sender wins over a stranger's, a stranger's claim an operator credited leaves the sender's waiting for an operator,
// and whatever runs at once, a transfer is credited once. Without a node a claim has no check, so the sender's proven
// claim is made here with the check the chain would answer (deposits.claimed-twice.chain.test.ts makes it through a
// real node).
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deposit, DepositPage } from '#contract/deposits.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { userIdByAddress } from '../auth/users.repository.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { settleClaim } from './deposits.claims.ts'
import { deposits } from './funds.table.ts'
import { liveAvailable, openNetwork, randomHash, resetNetworks, uploadScreenshot } from './test-funds.ts'

let app: FastifyInstance
let finance: { token: string }
beforeAll(async () => {
  app = await buildTestApp()
  await resetNetworks(app)
  await openNetwork(app, 'USDT', { min: '10' })
  finance = await signInOperator(app, ['finance'])
})
afterAll(() => app?.close())

type User = Awaited<ReturnType<typeof signIn>> & { id: string }
const user = async (): Promise<User> => {
  const signed = await signIn(app)
  return { ...signed, id: (await userIdByAddress(app.db, signed.wallet.address))! }
}

/** A stranger's claim through the API: no node, so it waits for an operator. */
async function strangerClaims(stranger: User, txHash: string, amount = '40') {
  const body = { currency: 'USDT', network: 'ERC20', amount, txHash, last6: txHash.slice(-6), screenshot: await uploadScreenshot(app, stranger.token) }
  return call(app, 'POST', '/api/createRechargePlat', { token: stranger.token, body, headers: { 'idempotency-key': `k-${Math.random()}` } })
}

/** The sender's claim, checked on chain: paid from their own wallet, confirmed. */
const senderClaims = (sender: User, txHash: string, amount = '40') =>
  settleClaim(app, {
    userId: sender.id,
    currency: 'USDT',
    network: 'ERC20',
    source: 'claim',
    txHash,
    logIndex: 0,
    fromAddress: sender.wallet.address,
    amount,
    blockNumber: 7,
    confirmations: 3,
    confirmationsNeeded: 3,
    status: 'pending',
    checkResult: { checkedAt: app.now(), amount, from: sender.wallet.address, confirmations: 3, problems: [] },
    last6: txHash.slice(-6),
  })

const depositsOf = async (u: User) => ((await call(app, 'GET', '/api/getMyDeposits', { token: u.token })).body.data as DepositPage).list
const credits = async (txHash: string) => {
  const { rows } = (await app.db.execute(sql`SELECT count(*)::int AS n FROM journals WHERE idempotency_key LIKE ${`deposit:ERC20:${txHash}:%`}`)) as unknown as {
    rows: { n: number }[]
  }
  return rows[0]!.n
}
const approve = (id: string) => call(app, 'POST', '/api/ops/deposits/approve', { token: finance.token, body: { id } })

describe("a stranger's claim of someone's transfer", () => {
  it("closes when the proven sender claims it: the sender is credited, the stranger sees why it was rejected", async () => {
    const [sender, stranger] = [await user(), await user()]
    const txHash = randomHash()
    const theirs = await strangerClaims(stranger, txHash)
    expect(theirs.body.data).toMatchObject({ status: 'review' })

    const mine = await senderClaims(sender, txHash)
    expect(mine.status).toBe('credited')
    expect(await liveAvailable(app, sender.token, 'USDT')).toBe('40')
    const [closed] = await depositsOf(stranger)
    expect(closed).toMatchObject({ status: 'rejected', check: { problems: ['senderClaimed'] } })
    expect(await liveAvailable(app, stranger.token, 'USDT')).toBe('0')
    // The console sees it closed, with the reason, and an operator can no longer approve it.
    expect((await approve(closed!.id)).status).toBe(409)
    // The stranger cannot take it back, nor can the sender claim it twice.
    expect((await strangerClaims(stranger, txHash)).body).toMatchObject({ code: 409 })
    await expect(senderClaims(sender, txHash)).rejects.toMatchObject({ statusCode: 409 })
    expect(await credits(txHash)).toBe(1)
  })

  it('leaves the sender\'s claim waiting, flagged, when an operator already credited the stranger\'s: never twice', async () => {
    const [sender, stranger] = [await user(), await user()]
    const txHash = randomHash()
    const theirs = (await strangerClaims(stranger, txHash)).body.data as Deposit
    expect((await approve(theirs.id)).status).toBe(200)

    const mine = await senderClaims(sender, txHash)
    expect(mine.status).toBe('review')
    expect(mine.checkResult).toMatchObject({ problems: ['creditedToOther'] })
    expect((await depositsOf(sender))[0]).toMatchObject({ status: 'review', check: { problems: ['creditedToOther'] } })
    const queue = (await call(app, 'GET', '/api/ops/deposits', { token: finance.token })).body.data as { list: Deposit[] }
    expect(queue.list.find((d) => d.id === mine.id.toString())?.check?.problems).toEqual(['creditedToOther'])
    // Approving it would credit the transfer a second time: refused.
    expect((await approve(mine.id.toString())).status).toBe(409)
    expect(await liveAvailable(app, sender.token, 'USDT')).toBe('0')
    expect(await liveAvailable(app, stranger.token, 'USDT')).toBe('40')
    expect(await credits(txHash)).toBe(1)
  })

  it('keeps one credited claim per transaction in the database, whoever marks it', async () => {
    const [sender, stranger] = [await user(), await user()]
    const txHash = randomHash()
    const theirs = (await strangerClaims(stranger, txHash)).body.data as Deposit
    await approve(theirs.id)
    const mine = await senderClaims(sender, txHash)
    const marked = app.db.update(deposits).set({ status: 'credited' }).where(eq(deposits.id, mine.id))
    await expect(marked).rejects.toThrow()
    const credited = await app.db.select().from(deposits).where(and(eq(deposits.txHash, txHash), eq(deposits.status, 'credited')))
    expect(credited).toHaveLength(1)
  })
})

describe('two claims of one transfer at once', () => {
  it("credits once when the sender's and a stranger's claims race, and the sender's wins", async () => {
    for (let round = 0; round < 4; round++) {
      const [sender, stranger] = [await user(), await user()]
      const txHash = randomHash()
      const [theirs, mine] = await Promise.allSettled([strangerClaims(stranger, txHash), senderClaims(sender, txHash)])
      expect(mine).toMatchObject({ status: 'fulfilled', value: { status: 'credited' } })
      // The stranger's came first and was closed, or came second and was refused.
      const strangers = await depositsOf(stranger)
      if (theirs.status === 'fulfilled' && theirs.value.status === 200) expect(strangers[0]).toMatchObject({ status: 'rejected' })
      else expect(strangers).toHaveLength(0)
      expect(await liveAvailable(app, sender.token, 'USDT')).toBe('40')
      expect(await credits(txHash)).toBe(1)
    }
  })

  it("credits once when an operator approves the stranger's claim while the sender claims", async () => {
    for (let round = 0; round < 4; round++) {
      const [sender, stranger] = [await user(), await user()]
      const txHash = randomHash()
      const theirs = (await strangerClaims(stranger, txHash)).body.data as Deposit
      const [approved, mine] = await Promise.all([approve(theirs.id), senderClaims(sender, txHash)])
      const balances = [await liveAvailable(app, sender.token, 'USDT'), await liveAvailable(app, stranger.token, 'USDT')]
      if (approved.status === 200) {
        expect(mine.status).toBe('review')
        expect(balances).toEqual(['0', '40'])
      } else {
        expect(mine.status).toBe('credited')
        expect(balances).toEqual(['40', '0'])
      }
      expect(await credits(txHash)).toBe(1)
    }
  })

  it('credits once when the sender sends the same claim twice at once', async () => {
    const sender = await user()
    const txHash = randomHash()
    const outcomes = await Promise.allSettled([senderClaims(sender, txHash), senderClaims(sender, txHash)])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } })
    expect(await liveAvailable(app, sender.token, 'USDT')).toBe('40')
    expect(await credits(txHash)).toBe(1)
  })
})
