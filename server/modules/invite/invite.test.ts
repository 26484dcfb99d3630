import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '#contract/server-messages.ts'
import { buildTestApp, call, newWallet, signedPayload, signIn } from '../../test/helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

type Invite = { inviteCode: string; inviteUrl: string; invitedCount: number }

async function inviteOf(token: string, headers: Record<string, string> = {}) {
  const res = await call(app, 'GET', '/api/getUserInviteCode', { token, headers })
  expect(res.status).toBe(200)
  return res.body.data as Invite
}

/** A new user who signs in for the first time with an invite link's cookie, sent as the invitecode header. */
async function signUpWith(invitecode: string) {
  const res = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(newWallet()), headers: { invitecode } })
  expect(res.status).toBe(200)
  return res.body.data as string
}

const updateUpLevel = (token: string | undefined, body: unknown) => call(app, 'POST', '/api/updateUpLevel', { token, body })

describe('GET /api/getUserInviteCode', () => {
  it('creates an 8-character code on first ask and keeps it', async () => {
    const { token } = await signIn(app)
    const first = await inviteOf(token, { requesturl: 'app.example.com' })
    expect(first.inviteCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/)
    expect(first.invitedCount).toBe(0)
    expect(first.inviteUrl).toBe(`http://app.example.com/?invite=${first.inviteCode}`)
    expect((await inviteOf(token)).inviteCode).toBe(first.inviteCode)
  })

  it('gives every user a different code, also when asked concurrently', async () => {
    const tokens = await Promise.all([1, 2, 3].map(async () => (await signIn(app)).token))
    const codes = await Promise.all(tokens.flatMap((t) => [inviteOf(t), inviteOf(t)]))
    expect(codes[0]!.inviteCode).toBe(codes[1]!.inviteCode)
    expect(new Set(codes.map((c) => c.inviteCode)).size).toBe(3)
  })

  it('takes the origin from RequestUrl when it is a host or an origin, else from the request', async () => {
    const { token } = await signIn(app)
    expect((await inviteOf(token, { requesturl: 'https://keelson.example:8443' })).inviteUrl).toMatch(/^https:\/\/keelson\.example:8443\/\?invite=/)
    expect((await inviteOf(token, { requesturl: '"><script>' })).inviteUrl).toMatch(/^http:\/\/localhost(:\d+)?\/\?invite=/)
  })

  it('answers 401 without a token', async () => {
    const res = await call(app, 'GET', '/api/getUserInviteCode')
    expect(res.body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })
})

describe('invitation at first sign-in', () => {
  it('binds the inviter named by the invitecode header, in any case', async () => {
    const inviter = await signIn(app)
    const { inviteCode } = await inviteOf(inviter.token)
    await signUpWith(inviteCode)
    await signUpWith(inviteCode.toLowerCase())
    expect((await inviteOf(inviter.token)).invitedCount).toBe(2)
  })

  it('ignores an unknown or malformed code and still signs in', async () => {
    const token = await signUpWith('ZZZZZZZZ')
    expect((await updateUpLevel(token, { code: 'ZZZZZZZZ' })).status).toBe(409)
    expect(await signUpWith('<script>')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('binds only on the first sign-in, not on a later one', async () => {
    const inviter = await signIn(app)
    const { inviteCode } = await inviteOf(inviter.token)
    const wallet = newWallet()
    await signIn(app, wallet)
    const again = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(wallet), headers: { invitecode: inviteCode } })
    expect(again.status).toBe(200)
    expect((await inviteOf(inviter.token)).invitedCount).toBe(0)
  })
})

describe('POST /api/updateUpLevel', () => {
  it('names an inviter once; a second code is refused with 409', async () => {
    const [a, b, user] = await Promise.all([signIn(app), signIn(app), signIn(app)])
    const codeA = (await inviteOf(a.token)).inviteCode
    const res = await updateUpLevel(user.token, { code: ` ${codeA.toLowerCase()} ` })
    expect(res.body).toEqual({ code: 200, msg: 'success', data: { ok: true } })
    expect((await inviteOf(a.token)).invitedCount).toBe(1)
    const again = await updateUpLevel(user.token, { code: (await inviteOf(b.token)).inviteCode })
    expect(again.body).toEqual({ code: 409, msg: serverMessages.inviterAlreadySet.message, data: null })
    expect((await inviteOf(b.token)).invitedCount).toBe(0)
  })

  it('refuses the user’s own code with 409', async () => {
    const { token } = await signIn(app)
    const res = await updateUpLevel(token, { code: (await inviteOf(token)).inviteCode })
    expect(res.body).toEqual({ code: 409, msg: serverMessages.inviteCodeOwn.message, data: null })
  })

  it('refuses an unknown code with 409', async () => {
    const { token } = await signIn(app)
    const res = await updateUpLevel(token, { code: 'ABCDEFGH' })
    expect(res.body).toEqual({ code: 409, msg: serverMessages.inviteCodeUnknown.message, data: null })
  })

  it('refuses a code that would close a cycle, direct or through others, with 409', async () => {
    const root = await signIn(app)
    const rootCode = (await inviteOf(root.token)).inviteCode
    const child = await signUpWith(rootCode)
    const grandchild = await signUpWith((await inviteOf(child)).inviteCode)
    const direct = await updateUpLevel(root.token, { code: (await inviteOf(child)).inviteCode })
    expect(direct.body).toEqual({ code: 409, msg: serverMessages.inviteCodeCycle.message, data: null })
    const deep = await updateUpLevel(root.token, { code: (await inviteOf(grandchild)).inviteCode })
    expect(deep.body.msg).toBe(serverMessages.inviteCodeCycle.message)
  })

  it('lets only one of two users who name each other at the same moment succeed', async () => {
    const [a, b] = await Promise.all([signIn(app), signIn(app)])
    const [codeA, codeB] = [(await inviteOf(a.token)).inviteCode, (await inviteOf(b.token)).inviteCode]
    const results = await Promise.all([updateUpLevel(a.token, { code: codeB }), updateUpLevel(b.token, { code: codeA })])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it.each([
    ['no body', undefined, 'body'],
    ['a missing code', {}, 'code'],
    ['a code of the wrong length', { code: 'ABC' }, 'code'],
    ['an ambiguous character', { code: 'ABCDEFG0' }, 'code'],
    ['a number', { code: 12345678 }, 'code'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const { token } = await signIn(app)
    const res = await updateUpLevel(token, body)
    expect(res.body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })

  it('answers 401 without a token', async () => {
    const res = await updateUpLevel(undefined, { code: 'ABCDEFGH' })
    expect(res.status).toBe(401)
  })
})
