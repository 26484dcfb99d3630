// Sending addresses proven by a signed message: real signatures from viem local accounts, the one-time message's
// refusals (another signer, used, another user's, expired, another address), bad input, 401, the per-user limit,
// removal, and what the console sees of a deposit's sender. Claims credited from them on a real chain:
// deposits.chain.test.ts.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpsDeposit } from '#contract/ops-funds.ts'
import type { SendingAddress, SendingAddressChallenge, SendingAddresses } from '#contract/sending-addresses.ts'
import { buildTestApp, call, newWallet, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { provenAddresses } from './deposits.service.ts'
import { CHALLENGE_TTL_MS } from './sending-addresses.ts'
import { randomHash } from './test-funds.ts'

const MAX = 3
let app: FastifyInstance
// The app's clock, moved forward to expire a message.
let skew = 0
beforeAll(async () => {
  app = await buildTestApp({ sendingAddressesMax: MAX, now: () => Date.now() + skew })
})
afterAll(() => app?.close())

type Wallet = ReturnType<typeof newWallet>

const challenge = (token: string | undefined, address: string) => call(app, 'POST', '/api/sendingAddressChallenge', { token, body: { address } })
const add = (token: string | undefined, body: unknown) => call(app, 'POST', '/api/addSendingAddress', { token, body })
const list = async (token: string) => (await call(app, 'GET', '/api/getSendingAddresses', { token })).body.data as SendingAddresses

/** Asks for a message for `wallet`'s address and signs it with `signer` (the wallet itself unless said). */
async function signedChallenge(token: string, wallet: Wallet, signer: Wallet = wallet) {
  const res = await challenge(token, wallet.address)
  expect(res.status).toBe(200)
  const c = res.body.data as SendingAddressChallenge
  return { address: wallet.address, nonce: c.nonce, signature: await signer.signMessage({ message: c.message }), message: c.message }
}

describe('adding a sending address by signing a message with it', () => {
  it('issues a message naming the platform, the account, the address, a nonce and the expiry, then adds the address it signed', async () => {
    const user = await signIn(app)
    const other = newWallet()
    const res = await challenge(user.token, other.address.toLowerCase())
    expect(res.status).toBe(200)
    const c = res.body.data as SendingAddressChallenge
    const userId = (await app.db.execute(sql`SELECT id::text FROM users WHERE address = ${user.wallet.address}`)) as unknown as { rows: { id: string }[] }
    expect(c.address).toBe(other.address)
    expect(c.message).toContain('Keelson')
    expect(c.message).toContain(`Address: ${other.address}`)
    expect(c.message).toContain(`Account: ${userId.rows[0]!.id}`)
    expect(c.message).toContain(`Nonce: ${c.nonce}`)
    expect(c.message).toContain(`Expires: ${new Date(c.expiresAt).toISOString()}`)

    const signature = await other.signMessage({ message: c.message })
    const added = await add(user.token, { address: other.address, nonce: c.nonce, signature })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({ address: other.address })
    const mine = await list(user.token)
    expect(mine.wallet).toBe(user.wallet.address)
    expect(mine.list.map((a) => a.address)).toEqual([other.address])
    expect(mine.max).toBe(MAX)
    // Claims now count it as the user's, beside the sign-in wallet.
    expect(await provenAddresses(app.db, userId.rows[0]!.id)).toEqual(expect.arrayContaining([other.address.toLowerCase(), user.wallet.address.toLowerCase()]))

    // The same proof again (a retry after a lost answer) answers the same address and adds nothing.
    const again = await add(user.token, { address: other.address, nonce: c.nonce, signature })
    expect(again.status).toBe(200)
    expect((again.body.data as SendingAddress).addedAt).toBe((added.body.data as SendingAddress).addedAt)
    expect((await list(user.token)).list).toHaveLength(1)
    // Asking to add it once more says it is there already.
    expect((await challenge(user.token, other.address)).body).toMatchObject({ code: 409, msg: 'This address is already one of your sending addresses' })
  })

  it('refuses a signature by another address than the one named, and adds nothing', async () => {
    const user = await signIn(app)
    const target = newWallet()
    const proof = await signedChallenge(user.token, target, newWallet())
    const res = await add(user.token, { address: proof.address, nonce: proof.nonce, signature: proof.signature })
    expect(res.body).toMatchObject({ code: 400, msg: `The signature is not by ${target.address} over this message: sign the exact message with that address` })
    // A well-formed but meaningless signature is no signature by the address either.
    const junk = await add(user.token, { address: proof.address, nonce: proof.nonce, signature: `0x${'11'.repeat(65)}` })
    expect(junk.body).toMatchObject({ code: 400, msg: expect.stringContaining('The signature is not by') })
    expect((await list(user.token)).list).toEqual([])
  })

  it('uses a message once: another signature over it after the address was added, or after removal, is refused', async () => {
    const user = await signIn(app)
    const wallet = newWallet()
    const proof = await signedChallenge(user.token, wallet)
    expect((await add(user.token, proof)).status).toBe(200)
    // Replaying the message with a different signature (a smart wallet's, say) is not the same proof.
    const replay = await add(user.token, { ...proof, signature: `0x${'22'.repeat(65)}` })
    expect(replay.body).toMatchObject({ code: 400, msg: 'This message was already used: ask for a new one' })
    await call(app, 'POST', '/api/removeSendingAddress', { token: user.token, body: { address: wallet.address } })
    const afterRemoval = await add(user.token, { address: proof.address, nonce: proof.nonce, signature: proof.signature })
    expect(afterRemoval.body).toMatchObject({ code: 400, msg: 'This message was already used: ask for a new one' })
    expect((await list(user.token)).list).toEqual([])
  })

  it("refuses another user's message, even signed by the address, and a message issued for another address", async () => {
    const alice = await signIn(app)
    const mallory = await signIn(app)
    const wallet = newWallet()
    const alices = await signedChallenge(alice.token, wallet)
    const stolen = await add(mallory.token, { address: alices.address, nonce: alices.nonce, signature: alices.signature })
    expect(stolen.body).toMatchObject({ code: 400, msg: 'This message was not issued to you for this address: ask for a new one' })
    const elsewhere = await add(alice.token, { address: newWallet().address, nonce: alices.nonce, signature: alices.signature })
    expect(elsewhere.body).toMatchObject({ code: 400, msg: 'This message was not issued to you for this address: ask for a new one' })
    expect((await list(mallory.token)).list).toEqual([])
    // Alice's message is still hers to use.
    expect((await add(alice.token, alices)).status).toBe(200)
  })

  it('refuses an expired message', async () => {
    const user = await signIn(app)
    const wallet = newWallet()
    const proof = await signedChallenge(user.token, wallet)
    skew = CHALLENGE_TTL_MS + 1000
    try {
      const res = await add(user.token, proof)
      expect(res.body).toMatchObject({ code: 400, msg: 'The message to sign has expired: ask for a new one' })
    } finally {
      skew = 0
    }
    expect((await list(user.token)).list).toEqual([])
  })

  it('answers 400 for a malformed address, a mistyped checksum, a bad signature or nonce, and the sign-in wallet itself', async () => {
    const user = await signIn(app)
    expect((await challenge(user.token, '0x1234')).body).toMatchObject({ code: 400, msg: 'Invalid input: address' })
    // A checksum that does not match (one letter's case changed) is a mistyped address, not another spelling.
    const mixed = newWallet().address
    const i = mixed.search(/[a-fA-F]/)
    const flipped = mixed.slice(0, i) + (mixed[i] === mixed[i]!.toLowerCase() ? mixed[i]!.toUpperCase() : mixed[i]!.toLowerCase()) + mixed.slice(i + 1)
    expect((await challenge(user.token, flipped)).body).toMatchObject({ code: 400, msg: 'Invalid input: address' })
    expect((await challenge(user.token, user.wallet.address)).body).toMatchObject({ code: 400, msg: 'This is the wallet you signed in with: it is already proven' })
    const wallet = newWallet()
    const proof = await signedChallenge(user.token, wallet)
    expect((await add(user.token, { ...proof, signature: 'nope' })).body).toMatchObject({ code: 400, msg: 'Invalid input: signature' })
    expect((await add(user.token, { ...proof, nonce: 'x' })).body).toMatchObject({ code: 400, msg: 'Invalid input: nonce' })
    expect((await add(user.token, { ...proof, nonce: 'ab'.repeat(16) })).body).toMatchObject({ code: 400, msg: expect.stringContaining('was not issued to you') })
    expect((await list(user.token)).list).toEqual([])
  })

  it('answers 401 without a token on every endpoint', async () => {
    const address = newWallet().address
    expect((await call(app, 'GET', '/api/getSendingAddresses')).status).toBe(401)
    expect((await challenge(undefined, address)).status).toBe(401)
    expect((await add(undefined, { address, nonce: 'ab'.repeat(16), signature: `0x${'11'.repeat(65)}` })).status).toBe(401)
    expect((await call(app, 'POST', '/api/removeSendingAddress', { body: { address } })).status).toBe(401)
  })

  it('holds each user to the configured number of addresses, and removing one makes room', async () => {
    const user = await signIn(app)
    const wallets = Array.from({ length: MAX }, () => newWallet())
    for (const w of wallets) expect((await add(user.token, await signedChallenge(user.token, w))).status).toBe(200)
    const extra = newWallet()
    expect((await challenge(user.token, extra.address)).body).toMatchObject({ code: 400, msg: `You can add at most ${MAX} sending addresses: remove one first` })
    const removed = await call(app, 'POST', '/api/removeSendingAddress', { token: user.token, body: { address: wallets[0]!.address.toLowerCase() } })
    expect(removed.body.data).toEqual({ removed: true })
    // Removing again changes nothing and says so.
    const twice = await call(app, 'POST', '/api/removeSendingAddress', { token: user.token, body: { address: wallets[0]!.address } })
    expect(twice.body.data).toEqual({ removed: false })
    expect((await add(user.token, await signedChallenge(user.token, extra))).status).toBe(200)
    expect((await list(user.token)).list.map((a) => a.address)).toEqual([wallets[1]!.address, wallets[2]!.address, extra.address])
  })
})

describe("the console's view of a deposit's sender", () => {
  it('says whether the sender is the sign-in wallet, an added address or neither, as things stand now', async () => {
    const user = await signIn(app)
    const added = newWallet()
    const stranger = newWallet()
    expect((await add(user.token, await signedChallenge(user.token, added))).status).toBe(200)
    const hashes = [randomHash(), randomHash(), randomHash()]
    const senders = [user.wallet.address, added.address, stranger.address]
    for (const [i, from] of senders.entries()) {
      await app.db.execute(sql`
        INSERT INTO deposits (user_id, currency, network, source, tx_hash, from_address, amount, confirmations_needed, status)
        SELECT id, 'USDT', 'ERC20', 'claim', ${hashes[i]}, ${from}, 5, 3, 'review' FROM users WHERE address = ${user.wallet.address}`)
    }
    const operator = await signInOperator(app, ['finance'])
    const proofs = async () => {
      const found = new Map<string, OpsDeposit['senderProof']>()
      for (let page = 1; found.size < hashes.length && page < 50; page++) {
        const res = await call(app, 'GET', `/api/ops/deposits?page=${page}&size=100`, { token: operator.token })
        const rows = (res.body.data as { list: OpsDeposit[] }).list
        if (rows.length === 0) break
        for (const d of rows) if (hashes.includes(d.txHash)) found.set(d.txHash, d.senderProof)
      }
      return hashes.map((h) => found.get(h))
    }
    expect(await proofs()).toEqual(['wallet', 'added', 'none'])
    await call(app, 'POST', '/api/removeSendingAddress', { token: user.token, body: { address: added.address } })
    expect(await proofs()).toEqual(['wallet', 'none', 'none'])
  })
})
