import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS, RESET_TICKET_TTL_MS } from '#contract/password.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { buildTestApp, call, newWallet, signedPayload } from '../../test/helpers.ts'
import { insertEmailUser } from '../auth/users.repository.ts'
import { hashStats } from './password-hash.ts'
import { sentMail } from './password.routes.ts'

// The app's clock is ours: each test moves it forward, so resend delays and expiries are tested without waiting.
let clock = Date.now()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock })
})
afterAll(() => app?.close())

/** A fresh address per test, so runs against a shared database never collide. */
const newEmail = () => `User.${randomUUID()}@Example.COM`
const msg = (key: keyof typeof serverMessages) => serverMessages[key].message
const PASSWORD = 'correct horse battery'

async function askCode(email: string, purpose: 'register' | 'reset') {
  const res = await call(app, 'GET', `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=${purpose}`)
  clock += EMAIL_CODE_RESEND_MS
  return res
}

/** The code in the newest mail to this address, as the user would read it. */
function codeFromOutbox(email: string): string {
  const mail = sentMail(app).findLast((m) => m.to === email.toLowerCase())
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

async function registered(email = newEmail(), password = PASSWORD) {
  expect((await askCode(email, 'register')).status).toBe(200)
  const res = await call(app, 'POST', '/api/register', { body: { email, password, code: codeFromOutbox(email) } })
  expect(res.body).toMatchObject({ code: 200 })
  return { email, password, token: res.body.data as string }
}

const login = (email: string, password: string) => call(app, 'POST', '/api/login', { body: { email, password } })

describe('register and login', () => {
  it('registers with the mailed code, answers a token for an account with the e-mail and no wallet', async () => {
    const { email, token } = await registered()
    const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
    expect(info.body.data).toMatchObject({ email: email.toLowerCase(), address: null, accountType: 'demo' })
    const again = await login(email.toUpperCase(), PASSWORD)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(again.body.data).not.toBe(token)
  })

  it('mails the code in the caller language and names the platform', async () => {
    const email = newEmail()
    await askCode(email, 'register')
    const mail = sentMail(app).findLast((m) => m.to === email.toLowerCase())!
    expect(mail.subject).toContain('Keelson')
    expect(mail.text).toContain('valid for 10 minutes')
  })

  it('answers the same 400 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await registered()
    const wrong = await login(email, 'not the password')
    const unknown = await login(newEmail(), PASSWORD)
    expect(wrong.body).toEqual({ code: 400, msg: 'wrong e-mail or password', data: null })
    expect(unknown.body).toEqual(wrong.body)
    expect(unknown.status).toBe(400)
  })

  it('refuses a second registration: the mail says the account exists and carries no code to register with', async () => {
    const { email } = await registered()
    expect((await askCode(email.toUpperCase(), 'register')).status).toBe(200)
    const mail = sentMail(app).findLast((m) => m.to === email.toLowerCase())!
    expect(mail.text).toContain('already has an account')
    expect(mail.text).not.toMatch(/\d{6}/)
    const guess = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: '123456' } })
    expect(guess.body).toEqual({ code: 400, msg: msg('codeInvalid'), data: null })
    expect((await login(email, PASSWORD)).status).toBe(200)
  })

  it('refuses with 409 a code mailed before the address got its account some other way', async () => {
    const email = newEmail()
    await askCode(email, 'register')
    await insertEmailUser(app.db, email.toLowerCase(), new Date(clock))
    const res = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: codeFromOutbox(email) } })
    expect(res.body).toEqual({ code: 409, msg: msg('emailTaken'), data: null })
  })

  it.each([
    ['an empty e-mail', { email: '', password: PASSWORD, code: '123456' }, 'enter email'],
    ['a malformed e-mail', { email: 'a@b', password: PASSWORD, code: '123456' }, 'email format incorrect'],
    ['an empty password', { email: 'a@b.co', password: '', code: '123456' }, 'enter password'],
    ['a short password', { email: 'a@b.co', password: 'short', code: '123456' }, msg('passwordLength')],
    ['an empty code', { email: 'a@b.co', password: PASSWORD, code: '' }, msg('enterCode')],
    ['a code of letters', { email: 'a@b.co', password: PASSWORD, code: 'abcdef' }, msg('codeFormat')],
  ])('refuses %s with 400 and its reason, creating nothing', async (_name, body, text) => {
    const res = await call(app, 'POST', '/api/register', { body })
    expect(res.body).toEqual({ code: 400, msg: text, data: null })
  })

  it('translates the reason into the Language header', async () => {
    const res = await call(app, 'POST', '/api/login', { body: { email: '', password: '' }, headers: { language: 'de_DE' } })
    expect(res.status).toBe(400)
    expect(typeof res.body.msg).toBe('string')
    expect(res.body.msg.length).toBeGreaterThan(0)
  })

  it.each([
    ['no body', undefined, 'body'],
    ['a number as e-mail', { email: 1, password: PASSWORD }, 'email'],
    ['a missing password', { email: 'a@b.co' }, 'password'],
  ])('answers 400 to a login with %s', async (_name, body, field) => {
    const res = await call(app, 'POST', '/api/login', { body })
    expect(res.body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })
})

describe('e-mail codes', () => {
  it('refuses a wrong code, and any code after 5 wrong ones', async () => {
    const email = newEmail()
    await askCode(email, 'register')
    const code = codeFromOutbox(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: wrong } })
      expect(res.body.msg).toBe(msg('codeInvalid'))
    }
    const res = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code } })
    expect(res.body).toEqual({ code: 400, msg: msg('codeAttempts'), data: null })
    expect((await login(email, PASSWORD)).status).toBe(400)
  })

  it('expires a code after 10 minutes', async () => {
    const email = newEmail()
    await askCode(email, 'register')
    clock += EMAIL_CODE_TTL_MS
    const res = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: codeFromOutbox(email) } })
    expect(res.body).toEqual({ code: 400, msg: msg('codeInvalid'), data: null })
  })

  it('uses a code once', async () => {
    const { email } = await registered()
    const code = codeFromOutbox(email)
    await askCode(email, 'reset')
    const reset = codeFromOutbox(email)
    const q = `/api/resetUserPwd?email=${encodeURIComponent(email)}&code=${reset}`
    expect((await call(app, 'GET', q)).status).toBe(200)
    expect((await call(app, 'GET', q)).body.msg).toBe(msg('codeInvalid'))
    expect(code).toMatch(/^\d{6}$/)
  })

  it('makes a new code replace the previous one', async () => {
    const email = newEmail()
    await askCode(email, 'register')
    const first = codeFromOutbox(email)
    await askCode(email, 'register')
    const second = codeFromOutbox(email)
    if (first !== second) {
      const old = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: first } })
      expect(old.body.msg).toBe(msg('codeInvalid'))
    }
    const res = await call(app, 'POST', '/api/register', { body: { email, password: PASSWORD, code: second } })
    expect(res.status).toBe(200)
  })

  it('asks to wait before mailing another code within a minute, alike for unknown e-mails', async () => {
    for (const email of [(await registered()).email, newEmail()]) {
      expect((await call(app, 'GET', `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=reset`)).status).toBe(200)
      const soon = await call(app, 'GET', `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=reset`)
      expect(soon.body).toEqual({ code: 429, msg: msg('codeTooSoon'), data: null })
      clock += EMAIL_CODE_RESEND_MS
    }
  })

  // Headers that differ between any two requests (a clock, a counter, an id), whoever asks.
  const PER_REQUEST = ['date', 'x-request-id', 'request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']
  const rawAsk = async (email: string, purpose: 'register' | 'reset') => {
    const res = await app.inject({ method: 'GET', url: `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=${purpose}` })
    clock += EMAIL_CODE_RESEND_MS
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.includes(name)))
    return { status: res.statusCode, headers, body: res.body }
  }

  it.each(['register', 'reset'] as const)(
    'answers %s for a registered and an unknown e-mail byte for byte alike; only the mails differ',
    async (purpose) => {
      const known = (await registered()).email
      const unknown = newEmail()
      const before = sentMail(app).length
      const [a, b] = [await rawAsk(known, purpose), await rawAsk(unknown, purpose)]
      expect(a.status).toBe(200)
      expect(b).toEqual(a)
      const mails = sentMail(app).slice(before)
      const toKnown = mails.filter((m) => m.to === known.toLowerCase())
      const toUnknown = mails.filter((m) => m.to === unknown.toLowerCase())
      expect(toKnown).toHaveLength(1)
      if (purpose === 'register') {
        expect(toKnown[0]!.text).toContain('already has an account')
        expect(toKnown[0]!.text).toContain('Forgot password')
        expect(toUnknown).toHaveLength(1)
        expect(toUnknown[0]!.text).toMatch(/\b\d{6}\b/)
        expect(toUnknown[0]!.text).not.toBe(toKnown[0]!.text)
      } else {
        expect(toKnown[0]!.text).toMatch(/\b\d{6}\b/)
        expect(toUnknown).toHaveLength(0)
      }
    },
  )

  it('asks to wait before another register mail alike for registered and unknown e-mails', async () => {
    for (const email of [(await registered()).email, newEmail()]) {
      const url = `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=register`
      expect((await call(app, 'GET', url)).status).toBe(200)
      expect((await call(app, 'GET', url)).body).toEqual({ code: 429, msg: msg('codeTooSoon'), data: null })
      clock += EMAIL_CODE_RESEND_MS
    }
  })

  it('mails "you already have an account" in the caller language through the catalogs', async () => {
    const { email } = await registered()
    await call(app, 'GET', `/api/getEmailCode?email=${encodeURIComponent(email)}&purpose=register`, { headers: { language: 'en_US' } })
    clock += EMAIL_CODE_RESEND_MS
    const mail = sentMail(app).findLast((m) => m.to === email.toLowerCase())!
    expect(mail.subject).toBe('Your Keelson account')
    expect(mail.text).toBe(app.translate('en_US', 'mailTakenBody', { platform: 'Keelson' }))
  })

  it('answers 200 to a reset for an unknown e-mail and mails nothing', async () => {
    const email = newEmail()
    const before = sentMail(app).length
    const res = await askCode(email, 'reset')
    expect(res.body).toEqual({ code: 200, msg: 'success', data: null })
    expect(sentMail(app).length).toBe(before)
  })

  it.each([
    ['no e-mail', '/api/getEmailCode?purpose=reset', 'Invalid input: email'],
    ['an unknown purpose', '/api/getEmailCode?email=a@b.co&purpose=admin', 'Invalid input: purpose'],
    ['a malformed e-mail', '/api/getEmailCode?email=nobody&purpose=register', 'email format incorrect'],
  ])('answers 400 to %s', async (_name, url, text) => {
    const res = await call(app, 'GET', url)
    expect(res.body).toEqual({ code: 400, msg: text, data: null })
  })
})

describe('password recovery', () => {
  const reset = async (email: string) => {
    await askCode(email, 'reset')
    const res = await call(app, 'GET', `/api/resetUserPwd?email=${encodeURIComponent(email)}&code=${codeFromOutbox(email)}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    return (res.body.data as { ticket: string }).ticket
  }

  it('resets through the mailed code and a ticket; the new password signs in, the old one and old sessions not', async () => {
    const { email, token } = await registered()
    const ticket = await reset(email)
    const res = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password: 'a brand new secret' } })
    expect(res.body).toEqual({ code: 200, msg: 'success', data: null })
    expect((await login(email, PASSWORD)).status).toBe(400)
    expect((await login(email, 'a brand new secret')).status).toBe(200)
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token })).status).toBe(401)
    const again = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password: 'yet another one' } })
    expect(again.body).toEqual({ code: 400, msg: msg('ticketInvalid'), data: null })
  })

  it('refuses an expired ticket and a short password, changing nothing', async () => {
    const { email } = await registered()
    const ticket = await reset(email)
    const short = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password: 'short' } })
    expect(short.body.msg).toBe(msg('passwordLength'))
    clock += RESET_TICKET_TTL_MS
    const late = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password: 'a brand new secret' } })
    expect(late.body).toEqual({ code: 400, msg: msg('ticketInvalid'), data: null })
    expect((await login(email, PASSWORD)).status).toBe(200)
  })

  it('checks the ticket before hashing: a made-up, used or expired ticket costs no password hash', async () => {
    const { email } = await registered()
    const ticket = await reset(email)
    expect((await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password: 'a brand new secret' } })).status).toBe(200)
    const expired = await reset(email)
    clock += RESET_TICKET_TTL_MS
    const before = hashStats.started
    for (const t of ['made-up', ticket, expired]) {
      const res = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket: t, password: 'yet another secret' } })
      expect(res.body).toEqual({ code: 400, msg: msg('ticketInvalid'), data: null })
    }
    expect(hashStats.started).toBe(before)
  })

  it('lets only one of two parallel requests use a ticket', async () => {
    const { email } = await registered()
    const ticket = await reset(email)
    const both = await Promise.all(
      ['first new secret', 'second new secret'].map((password) => call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket, password } })),
    )
    expect(both.map((r) => r.status).sort()).toEqual([200, 400])
    const winner = both[0]!.status === 200 ? 'first new secret' : 'second new secret'
    expect((await login(email, winner)).status).toBe(200)
  })

  it('refuses a wrong code and a garbage ticket with 400', async () => {
    const { email } = await registered()
    await askCode(email, 'reset')
    const bad = await call(app, 'GET', `/api/resetUserPwd?email=${encodeURIComponent(email)}&code=12345x`)
    expect(bad.body.msg).toBe(msg('codeFormat'))
    const none = await call(app, 'POST', '/api/resetPwdCallBack', { body: { ticket: 'nope', password: PASSWORD } })
    expect(none.body).toEqual({ code: 400, msg: msg('ticketInvalid'), data: null })
    expect((await call(app, 'POST', '/api/resetPwdCallBack', { body: {} })).status).toBe(400)
  })
})

describe('POST /api/updatePwd', () => {
  const update = (token: string | undefined, oldPassword: string, newPassword: string) =>
    call(app, 'POST', '/api/updatePwd', { token, body: { oldPassword, newPassword } })

  it('changes the password with the old one; other sessions end, this one stays', async () => {
    const { email, token } = await registered()
    const other = (await login(email, PASSWORD)).body.data as string
    expect((await update(token, PASSWORD, 'the next password')).body).toEqual({ code: 200, msg: 'success', data: null })
    expect((await login(email, 'the next password')).status).toBe(200)
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token })).status).toBe(200)
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: other })).status).toBe(401)
  })

  it('requires the old password: a wrong one is 400, not 401, and changes nothing', async () => {
    const { email, token } = await registered()
    const res = await update(token, 'not the password', 'the next password')
    expect(res.body).toEqual({ code: 400, msg: msg('wrongOldPassword'), data: null })
    expect((await login(email, PASSWORD)).status).toBe(200)
    expect((await update(token, PASSWORD, 'short')).body.msg).toBe(msg('passwordLength'))
  })

  it('answers 409 for a wallet account, which has no password', async () => {
    // Signed at the test clock, which has run ahead of the real one.
    const signed = await call(app, 'POST', '/api/checkSign', { body: await signedPayload(newWallet(), clock) })
    const token = signed.body.data as string
    expect((await update(token, PASSWORD, 'the next password')).body).toEqual({ code: 409, msg: msg('noPassword'), data: null })
  })

  it('answers 401 without a token', async () => {
    const res = await update(undefined, PASSWORD, 'the next password')
    expect(res.body).toEqual({ code: 401, msg: msg('unauthorized'), data: null })
  })
})
