import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message, MessagePage } from '#contract/messages.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { insertTemplateMessage, sendMessage } from './messages.service.ts'

const WELCOME = serverMessages.messageWelcomeTitle.message

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

async function newUser() {
  const { token } = await signIn(app)
  const info = await call(app, 'GET', '/api/getMyAccountInfo', { token })
  return { token, id: (info.body.data as { id: string }).id }
}

const list = async (token: string, qs = '') => {
  const res = await call(app, 'GET', `/api/getMyMessage${qs}`, { token })
  expect(res.status).toBe(200)
  return res.body.data as MessagePage
}
const unread = async (token: string) => ((await call(app, 'GET', '/api/getUnReadMessageNums', { token })).body.data as { count: number }).count
const mark = (token: string | undefined, body: unknown) => call(app, 'POST', '/api/markMessage', { token, body })

describe('GET /api/getMyMessage', () => {
  it('starts a new account with the welcome message, unread', async () => {
    const { token } = await newUser()
    const page = await list(token)
    expect(page).toMatchObject({ total: 1, page: 1, size: 20 })
    expect(page.list[0]).toMatchObject({ title: WELCOME, readAt: null, createdAt: expect.any(Number) })
    expect(await unread(token)).toBe(1)
  })

  it('shows the welcome message in the reader’s language, and an operator’s message as written', async () => {
    const user = await newUser()
    await sendMessage(app, user.id, 'Wartung heute Nacht', 'Von 2 bis 3 Uhr.')
    const res = await call(app, 'GET', '/api/getMyMessage', { token: user.token, headers: { language: 'de_DE' } })
    const [operator, welcome] = (res.body.data as MessagePage).list
    expect(operator).toMatchObject({ title: 'Wartung heute Nacht', body: 'Von 2 bis 3 Uhr.' })
    expect(welcome!.title).toBe(app.translate('de_DE', 'messageWelcomeTitle'))
    expect(welcome!.body).toBe(app.translate('de_DE', 'messageWelcomeBody'))
    // A real translation, not the English text the row keeps.
    expect(welcome!.title).not.toBe(WELCOME)
    expect(welcome!.body).not.toBe(serverMessages.messageWelcomeBody.message)
  })

  it('shows an engine message stored before messages had details as its plain sentence, with no link', async () => {
    const user = await newUser()
    await insertTemplateMessage(app.db, user.id, 'takeProfit')
    const res = await call(app, 'GET', '/api/getMyMessage', { token: user.token, headers: { language: 'de_DE' } })
    const [takeProfit] = (res.body.data as MessagePage).list
    expect(takeProfit).toMatchObject({ title: app.translate('de_DE', 'messageTakeProfitTitle'), body: app.translate('de_DE', 'messageTakeProfitBody') })
    expect(takeProfit!.order).toBeUndefined()
  })

  it('pages newest first', async () => {
    const user = await newUser()
    for (const n of [1, 2, 3]) await sendMessage(app, user.id, `Title ${n}`, `Body ${n}`)
    const first = await list(user.token, '?page=1&size=2')
    expect(first).toMatchObject({ total: 4, page: 1, size: 2 })
    expect(first.list.map((m) => m.title)).toEqual(['Title 3', 'Title 2'])
    const second = await list(user.token, '?page=2&size=2')
    expect(second.list.map((m) => m.title)).toEqual(['Title 1', WELCOME])
    expect((await list(user.token, '?page=3&size=2')).list).toEqual([])
  })

  it('never shows another user’s messages', async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()])
    await sendMessage(app, alice.id, 'For Alice', 'private')
    expect((await list(bob.token)).list.map((m) => m.title)).toEqual([WELCOME])
    expect(await unread(bob.token)).toBe(1)
  })

  it.each([['?page=0'], ['?size=101'], ['?page=x'], ['?size=1.5']])('answers 400 for %s', async (qs) => {
    const { token } = await newUser()
    const res = await call(app, 'GET', `/api/getMyMessage${qs}`, { token })
    expect(res.status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    expect((await call(app, 'GET', '/api/getMyMessage')).status).toBe(401)
    const res = await call(app, 'GET', '/api/getUnReadMessageNums')
    expect(res.body).toEqual({ code: 401, msg: serverMessages.unauthorized.message, data: null })
  })
})

describe('POST /api/markMessage', () => {
  it('marks the listed messages read, once', async () => {
    const user = await newUser()
    const sent = await sendMessage(app, user.id, 'Hello', 'World')
    expect((await mark(user.token, { ids: [sent.id] })).body).toEqual({ code: 200, msg: 'success', data: { marked: 1 } })
    expect((await mark(user.token, { ids: [sent.id.toUpperCase()] })).body.data).toEqual({ marked: 0 })
    const read = (await list(user.token)).list.find((m: Message) => m.id === sent.id)
    expect(read?.readAt).toEqual(expect.any(Number))
    expect(await unread(user.token)).toBe(1)
  })

  it('marks all of the caller’s messages and nobody else’s', async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()])
    await sendMessage(app, alice.id, 'One', '1')
    expect((await mark(alice.token, { all: true })).body.data).toEqual({ marked: 2 })
    expect(await unread(alice.token)).toBe(0)
    expect(await unread(bob.token)).toBe(1)
  })

  it('refuses another user’s message with 404 and marks nothing', async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()])
    const own = await sendMessage(app, bob.id, 'Bob’s own', 'x')
    const alices = (await list(alice.token)).list[0]!
    const res = await mark(bob.token, { ids: [own.id, alices.id] })
    expect(res.body).toEqual({ code: 404, msg: serverMessages.messageNotFound.message, data: null })
    expect(await unread(alice.token)).toBe(1)
    expect(await unread(bob.token)).toBe(2)
  })

  it.each([
    ['an empty body', {}, 'ids'],
    ['all: false alone', { all: false }, 'ids'],
    ['an id that is not a uuid', { ids: ['1 OR 1=1'] }, 'ids.0'],
    ['an empty list', { ids: [] }, 'ids'],
    ['a string for ids', { ids: 'abc' }, 'ids'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const { token } = await newUser()
    expect((await mark(token, body)).body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
  })

  it('answers 401 without a token', async () => {
    expect((await mark(undefined, { all: true })).status).toBe(401)
  })
})

describe('POST /api/test/sendMessage', () => {
  it('does not exist unless E2E_TEST_HOOKS=1', async () => {
    const { token } = await newUser()
    const res = await call(app, 'POST', '/api/test/sendMessage', { token, body: { title: 'x', body: 'y' } })
    expect(res.status).toBe(404)
  })
})
