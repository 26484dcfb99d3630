import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAddress } from 'viem'
import { signInMessage, SIGN_IN_WINDOW_MS } from '#contract/auth.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { buildTestApp, call, newWallet, signedPayload, signIn } from '../../test/helpers.ts'
import { pruneUsedSignatures, USED_SIGNATURE_MARGIN_MS } from './auth.service.ts'
import { usedSignatures } from './auth.table.ts'
import { eq } from 'drizzle-orm'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

const checkSign = (body: unknown) => call(app, 'POST', '/api/checkSign', { body })

describe('POST /api/checkSign', () => {
  it('signs in a new wallet, creating a demo account, and answers a token', async () => {
    const wallet = newWallet()
    const res = await checkSign(await signedPayload(wallet))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 200, msg: 'success' })
    expect(res.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const info = await call(app, 'GET', '/api/getMyAccountInfo', { token: res.body.data as string })
    expect(info.status).toBe(200)
    expect(info.body.data).toMatchObject({ address: getAddress(wallet.address), accountType: 'demo' })
  })

  it.each([
    ['lower', (a: string) => a.toLowerCase()],
    ['upper', (a: string) => `0x${a.slice(2).toUpperCase()}`],
  ])('stores the address checksummed when it was sent all in %s case', async (_case, spell) => {
    const wallet = newWallet()
    const payload = { ...(await signedPayload(wallet)), address: spell(wallet.address) }
    const token = (await checkSign(payload)).body.data as string
    const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
    expect((info.body.data as { address: string }).address).toBe(getAddress(wallet.address))
  })

  it('refuses with 400 a mixed-case address whose EIP-55 checksum fails', async () => {
    const wallet = newWallet()
    const address = getAddress(wallet.address)
    // Flip the case of the first letter: still mixed case, no longer the checksum.
    const at = address.slice(2).search(/[a-fA-F]/) + 2
    const flipped = address[at] === address[at]!.toUpperCase() ? address[at]!.toLowerCase() : address[at]!.toUpperCase()
    const mistyped = address.slice(0, at) + flipped + address.slice(at + 1)
    const payload = await signedPayload(wallet)
    const res = await checkSign({ ...payload, address: mistyped })
    expect(res.body).toEqual({ code: 400, msg: 'Invalid input: address', data: null })
    // The same signature with the right spelling still signs in: the refusal used nothing up.
    expect((await checkSign({ ...payload, address })).status).toBe(200)
  })

  it('issues a new token on every sign-in, for the same user', async () => {
    const wallet = newWallet()
    const first = await signIn(app, wallet)
    const second = await signIn(app, wallet)
    expect(second.token).not.toBe(first.token)
    const a = await call(app, 'GET', '/api/getMyAccountInfo', { token: first.token })
    const b = await call(app, 'GET', '/api/getMyAccountInfo', { token: second.token })
    expect((a.body.data as { id: string }).id).toBe((b.body.data as { id: string }).id)
  })

  it('refuses a replayed signature with 401', async () => {
    const payload = await signedPayload(newWallet())
    expect((await checkSign(payload)).status).toBe(200)
    const replay = await checkSign(payload)
    expect(replay.body).toEqual({ code: 401, msg: serverMessages.signReused.message, data: null })
    expect(replay.status).toBe(401)
  })

  it('accepts a signature once even when the same request races itself', async () => {
    const payload = await signedPayload(newWallet())
    const results = await Promise.all([checkSign(payload), checkSign(payload), checkSign(payload)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401])
  })

  it('refuses a re-encoded signature of an already used message', async () => {
    const payload = await signedPayload(newWallet())
    expect((await checkSign(payload)).status).toBe(200)
    // v as 0/1 instead of 27/28: a different byte string that still recovers to the same signer.
    const v = parseInt(payload.sign.slice(-2), 16)
    const reencoded = payload.sign.slice(0, -2) + (v - 27).toString(16).padStart(2, '0')
    expect((await checkSign({ ...payload, sign: reencoded })).body.msg).toBe(serverMessages.signReused.message)
  })

  it('refuses a timestamp more than 5 minutes old with 401', async () => {
    const res = await checkSign(await signedPayload(newWallet(), Date.now() - SIGN_IN_WINDOW_MS - 5000))
    expect(res.body).toEqual({ code: 401, msg: serverMessages.signExpired.message, data: null })
  })

  it('refuses a timestamp more than 1 s in the future with 401', async () => {
    const res = await checkSign(await signedPayload(newWallet(), Date.now() + 60_000))
    expect(res.body).toEqual({ code: 401, msg: serverMessages.signFuture.message, data: null })
  })

  it('refuses any other message with 400, even one properly signed', async () => {
    const timeStamp = Date.now()
    const res = await checkSign(await signedPayload(newWallet(), timeStamp, `transfer all funds${timeStamp}`))
    expect(res.body).toEqual({ code: 400, msg: serverMessages.signMessageWrong.message, data: null })
    const other = await checkSign(await signedPayload(newWallet(), timeStamp, signInMessage(timeStamp - 1)))
    expect(other.status).toBe(400)
  })

  it('refuses a signature made by another address with 401', async () => {
    const victim = newWallet()
    const payload = await signedPayload(newWallet())
    const res = await checkSign({ ...payload, address: victim.address })
    expect(res.body).toEqual({ code: 401, msg: serverMessages.signInvalid.message, data: null })
  })

  it('refuses a well-formed but meaningless signature with 401', async () => {
    const payload = await signedPayload(newWallet())
    const res = await checkSign({ ...payload, sign: `0x${'ab'.repeat(65)}` })
    expect(res.status).toBe(401)
    const long = await checkSign({ ...payload, sign: `0x${'7'.repeat(301)}` })
    expect(long.status).toBe(401)
  })

  it.each([
    ['no body', undefined, 'body'],
    ['a missing field', { address: newWallet().address, message: 'x', timeStamp: 1 }, 'sign'],
    ['a bad address', { address: '0x123', message: 'x', sign: `0x${'1'.repeat(130)}`, timeStamp: 1 }, 'address'],
    ['a float timestamp', { address: newWallet().address, message: 'x', sign: `0x${'1'.repeat(130)}`, timeStamp: 1.5 }, 'timeStamp'],
    ['an array', [], 'body'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const res = await checkSign(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })
})

describe('GET /api/getMyAccountInfo', () => {
  it('accepts the token bare or as Bearer', async () => {
    const { token } = await signIn(app)
    const bare = await call(app, 'GET', '/api/getMyAccountInfo', { headers: { authorization: token } })
    expect(bare.status).toBe(200)
    expect(bare.body.data).toMatchObject({ accountType: 'demo', createdAt: expect.any(Number) })
  })

  it.each([
    ['no token', {}],
    ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['a malformed token', { authorization: 'Bearer <script>' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
  ])('answers 401 with %s', async (_name, headers) => {
    const res = await call(app, 'GET', '/api/getMyAccountInfo', { headers })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })

  it('ignores a query string it does not take', async () => {
    const { token } = await signIn(app)
    expect((await call(app, 'GET', '/api/getMyAccountInfo?x=1', { token })).status).toBe(200)
  })
})

describe('POST /api/login_out', () => {
  it('revokes the presented token only', async () => {
    const wallet = newWallet()
    const kept = await signIn(app, wallet)
    const revoked = await signIn(app, wallet)
    const res = await call(app, 'POST', '/api/login_out', { token: revoked.token })
    expect(res.body).toEqual({ code: 200, msg: 'success', data: null })
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: revoked.token })).status).toBe(401)
    expect((await call(app, 'POST', '/api/login_out', { token: revoked.token })).status).toBe(401)
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: kept.token })).status).toBe(200)
  })

  it('takes an empty JSON object or no body at all', async () => {
    const a = await signIn(app)
    expect((await call(app, 'POST', '/api/login_out', { token: a.token, body: {} })).status).toBe(200)
    const b = await signIn(app)
    const empty = { token: b.token, headers: { 'content-type': 'application/json' }, payload: '' }
    expect((await call(app, 'POST', '/api/login_out', empty)).status).toBe(200)
  })

  it('answers 400 for a body that is not an object', async () => {
    const { token } = await signIn(app)
    const res = await call(app, 'POST', '/api/login_out', { token, body: [1, 2] })
    expect(res.status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    const res = await call(app, 'POST', '/api/login_out')
    expect(res.body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })
})

describe('used signatures', () => {
  it('are forgotten once no sign-in can use them again, and a replay is still refused', async () => {
    let clock = Date.now()
    const clocked = await buildTestApp({ now: () => clock })
    try {
      const payload = await signedPayload(newWallet(), clock)
      const replay = () => call(clocked, 'POST', '/api/checkSign', { body: payload })
      const recorded = () => clocked.db.select().from(usedSignatures).where(eq(usedSignatures.signedAt, payload.timeStamp))
      expect((await replay()).status).toBe(200)

      // Within the sign-in window (and the margin past it) the record stays, and a replay is refused as used.
      clock = payload.timeStamp + SIGN_IN_WINDOW_MS + USED_SIGNATURE_MARGIN_MS
      await pruneUsedSignatures(clocked.db, clock)
      expect(await recorded()).toHaveLength(1)
      clock = payload.timeStamp + 1000
      expect((await replay()).body.msg).toBe(serverMessages.signReused.message)

      // Past them the record goes, and the same payload is refused all the same: it has expired.
      clock = payload.timeStamp + SIGN_IN_WINDOW_MS + USED_SIGNATURE_MARGIN_MS + 1
      expect(await pruneUsedSignatures(clocked.db, clock)).toBeGreaterThan(0)
      expect(await recorded()).toHaveLength(0)
      expect((await replay()).body).toEqual({ code: 401, msg: serverMessages.signExpired.message, data: null })
    } finally {
      await clocked.close()
    }
  })
})

describe('tokens', () => {
  it('are refused once the session lifetime has passed since the sign-in', async () => {
    let clock = Date.now()
    const ttl = 60 * 60 * 1000
    const clocked = await buildTestApp({ now: () => clock, sessionTtlMs: ttl })
    try {
      const { token } = await signIn(clocked, newWallet(), clock)
      const info = () => call(clocked, 'GET', '/api/getMyAccountInfo', { token })
      clock += ttl - 1000
      expect((await info()).status).toBe(200)
      clock += 2000
      expect((await info()).body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
    } finally {
      await clocked.close()
    }
  })
})
