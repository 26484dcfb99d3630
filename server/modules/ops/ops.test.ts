// The console's foundation: operators sign in with password and TOTP, the guard answers 401/403 before reading input,
// and every action lands in an audit log the database refuses to edit.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgError } from '../../ledger/db-errors.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { auditLog } from './ops.table.ts'
import { LOCK_MS, MAX_FAILED_SIGN_INS } from './operators.ts'
import { totpCode } from './totp.ts'
import { newOperator, signInOperator } from './test-operators.ts'

let app: FastifyInstance
let clock = Date.now()
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock })
})
afterAll(async () => app?.close())

const signInBody = (op: { name: string; password: string; secret: string }, at = clock) => ({
  name: op.name,
  password: op.password,
  code: totpCode(op.secret, at),
})
const auditOf = (subject: string) => call(app, 'GET', `/api/ops/audit?subject=${encodeURIComponent(subject)}`)

describe('operator sign-in', () => {
  it('signs in with name, password and code, answers who is signed in, and signs out', async () => {
    const op = await newOperator(app, ['finance', 'compliance'])
    const res = await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })
    expect(res.status).toBe(200)
    const session = res.body.data as { token: string; operator: unknown; expiresAt: number }
    expect(session.operator).toEqual({ id: op.id, name: op.name, roles: ['finance', 'compliance'] })
    expect(session.expiresAt).toBe(clock + 12 * 60 * 60 * 1000)
    expect(res.headers['cache-control']).toBe('no-store')

    const me = await call(app, 'GET', '/api/ops/me', { token: session.token })
    expect(me.body).toMatchObject({ code: 200, data: { name: op.name, roles: ['finance', 'compliance'] } })

    expect((await call(app, 'POST', '/api/ops/signOut', { token: session.token })).status).toBe(200)
    expect((await call(app, 'GET', '/api/ops/me', { token: session.token })).status).toBe(401)

    const admin = await signInOperator(app, ['admin'])
    const trail = await call(app, 'GET', `/api/ops/audit?subject=operator:${op.id}`, { token: admin.token })
    expect((trail.body.data as { list: Array<{ action: string; operatorName: string }> }).list.map((e) => e.action)).toEqual([
      'ops.signOut',
      'ops.signIn',
      'operators.add',
    ])
  })

  it('refuses a wrong password, a wrong code and an unknown name with one message, in the caller language', async () => {
    const op = await newOperator(app, ['support'])
    const wrongPassword = await call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), password: 'not the password' } })
    expect(wrongPassword.body).toEqual({ code: 400, msg: 'The name, password or code is wrong', data: null })
    const wrongCode = await call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), code: '000000' === totpCode(op.secret, clock) ? '111111' : '000000' } })
    expect(wrongCode.body.msg).toBe('The name, password or code is wrong')
    const unknown = await call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), name: 'nobody-here' } })
    expect(unknown.body.msg).toBe('The name, password or code is wrong')
    const german = await call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), name: 'nobody-here' }, headers: { language: 'de_DE' } })
    expect(german.body).toEqual({ code: 400, msg: 'Name, Passwort oder Code ist falsch', data: null })
    const invalid = await call(app, 'POST', '/api/ops/signIn', { body: { name: op.name, password: 7 } })
    expect(invalid.body).toMatchObject({ code: 400, msg: 'Invalid input: password' })
  })

  it('accepts a code once, and the next code after it', async () => {
    const op = await newOperator(app, ['support'])
    expect((await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })).status).toBe(200)
    const again = await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })
    expect(again.body).toMatchObject({ code: 400, msg: 'This code was already used: wait for the next code and try again' })
    clock += 30_000
    expect((await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })).status).toBe(200)
  })

  it('locks an operator after repeated failures, even with the right details, until the lock ends', async () => {
    const op = await newOperator(app, ['support'])
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      expect((await call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), password: 'wrong password' } })).status).toBe(400)
    }
    const locked = await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })
    expect(locked.body).toMatchObject({ code: 429, msg: 'Too many failed sign-ins: this operator is locked, try again in 15 minutes' })
    clock += LOCK_MS
    expect((await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })).status).toBe(200)
    const admin = await signInOperator(app, ['admin'])
    const trail = await call(app, 'GET', `/api/ops/audit?subject=operator:${op.id}`, { token: admin.token })
    expect((trail.body.data as { list: Array<{ action: string }> }).list.map((e) => e.action)).toEqual(['ops.signIn', 'ops.locked', 'operators.add'])
  })

  it('counts 40 parallel wrong codes before checking them: five are checked, the rest are locked out unchecked', async () => {
    const op = await newOperator(app, ['finance'])
    const wrong = totpCode(op.secret, clock) === '000000' ? '111111' : '000000'
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(app, 'POST', '/api/ops/signIn', { body: { ...signInBody(op), code: wrong } })),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_FAILED_SIGN_INS)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_FAILED_SIGN_INS)
    // The right code now waits for the lock to end, and the lock was audited once.
    expect((await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })).status).toBe(429)
    const admin = await signInOperator(app, ['admin'])
    const trail = await call(app, 'GET', `/api/ops/audit?subject=operator:${op.id}`, { token: admin.token })
    expect((trail.body.data as { list: Array<{ action: string }> }).list.map((e) => e.action)).toEqual(['ops.locked', 'operators.add'])
  })

  it('signs an operator in while 40 anonymous sign-ins fill the users\' password-hash lane', async () => {
    const op = await newOperator(app, ['finance'])
    const order: string[] = []
    const logins = Array.from({ length: 40 }, (_, i) =>
      call(app, 'POST', '/api/login', { body: { email: `nobody-${i}@example.com`, password: 'wrong password' } }).then((res) => {
        order.push('user')
        return res
      }),
    )
    const operator = await call(app, 'POST', '/api/ops/signIn', { body: signInBody(op) })
    order.push('operator')
    expect(operator.status).toBe(200)
    await Promise.all(logins)
    // The operator's hash ran on its own lane: at least a quarter of the users' hashes were still queued.
    expect(order.slice(order.indexOf('operator') + 1).length).toBeGreaterThanOrEqual(10)
  })

  it('does not take a user token as an operator token, nor an operator token as a user token', async () => {
    const { token: userToken } = await signIn(app)
    expect((await call(app, 'GET', '/api/ops/me', { token: userToken })).status).toBe(401)
    const op = await signInOperator(app, ['admin'])
    expect((await call(app, 'GET', '/api/getMyAccountInfo', { token: op.token })).status).toBe(401)
  })

  it('ends an operator session after twelve hours', async () => {
    const op = await signInOperator(app, ['support'])
    clock += 12 * 60 * 60 * 1000
    expect((await call(app, 'GET', '/api/ops/me', { token: op.token })).status).toBe(401)
  })
})

describe('the role guard', () => {
  it('answers 401 without a token and 403 for a role the endpoint does not name, before reading the input', async () => {
    expect(await auditOf('x').then((r) => r.body)).toEqual({ code: 401, msg: 'Please sign in again', data: null })
    const support = await signInOperator(app, ['support'])
    const refused = await call(app, 'GET', '/api/ops/audit?page=nope', { token: support.token })
    expect(refused.body).toEqual({ code: 403, msg: 'Your operator roles do not allow this', data: null })
    const admin = await signInOperator(app, ['admin'])
    expect((await call(app, 'GET', '/api/ops/audit?page=nope', { token: admin.token })).body).toMatchObject({ code: 400, msg: 'Invalid input: page' })
  })
})

describe('the audit log', () => {
  it('is refused UPDATE, DELETE and TRUNCATE by the database', async () => {
    const op = await newOperator(app, ['support'])
    const [row] = await app.db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.subject} = ${`operator:${op.id}`}`)
    const refused = async (statement: ReturnType<typeof sql>) => pgError(await app.db.execute(statement).then(() => null, (e: unknown) => e))
    const appendOnly = (op: string) => ({ code: '23000', message: `audit: audit_log is append-only (${op} refused)` })
    const stated = (e: ReturnType<typeof pgError>) => e && { code: e.code, message: e.message }
    expect(stated(await refused(sql`UPDATE audit_log SET action = 'nothing' WHERE id = ${row!.id}`))).toEqual(appendOnly('UPDATE'))
    expect(stated(await refused(sql`DELETE FROM audit_log WHERE id = ${row!.id}`))).toEqual(appendOnly('DELETE'))
    expect(stated(await refused(sql`TRUNCATE audit_log`))).toEqual(appendOnly('TRUNCATE'))
    const [still] = await app.db.select({ action: auditLog.action }).from(auditLog).where(sql`${auditLog.id} = ${row!.id}`)
    expect(still?.action).toBe('operators.add')
  })

  it('pages newest first for admins', async () => {
    const admin = await signInOperator(app, ['admin'])
    const page = await call(app, 'GET', '/api/ops/audit?size=2', { token: admin.token })
    const data = page.body.data as { list: Array<{ id: string }>; total: number; size: number }
    expect(data.size).toBe(2)
    expect(data.list).toHaveLength(2)
    expect(Number(data.list[0]!.id)).toBeGreaterThan(Number(data.list[1]!.id))
    expect(data.total).toBeGreaterThanOrEqual(2)
  })
})
