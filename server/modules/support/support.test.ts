import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpsConversation, OpsConversationPage } from '#contract/ops-support.ts'
import { serverMessages } from '#contract/server-messages.ts'
import { SUPPORT_TEXT_MAX, type SupportChatPage, type SupportEvent, type SupportMessage } from '#contract/support.ts'
import { connect, socketUrl } from '../../realtime/test-client.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'

let app: FastifyInstance
let url: string
let agent: string
beforeAll(async () => {
  app = await buildTestApp()
  url = socketUrl(await app.listen({ port: 0, host: '127.0.0.1' }))
  agent = (await signInOperator(app, ['support'])).token
})
afterAll(() => app?.close())

const send = (token: string | undefined, body: unknown) => call(app, 'POST', '/api/sendSupportMessage', { token, body })
const say = async (token: string, text: string) => {
  const res = await send(token, { body: text, clientKey: randomUUID() })
  expect(res.status).toBe(200)
  return res.body.data as SupportMessage
}
const chat = async (token: string, qs = '') => {
  const res = await call(app, 'GET', `/api/getSupportChat${qs}`, { token })
  expect(res.status).toBe(200)
  return res.body.data as SupportChatPage
}
const reply = (token: string, body: unknown) => call(app, 'POST', '/api/ops/support/reply', { token, body })
const unread = async (token: string) => ((await call(app, 'GET', '/api/getSupportUnread', { token })).body.data as { count: number }).count

describe('user side', () => {
  it('stores a message in a new conversation and shows it, newest first', async () => {
    const { token } = await signIn(app)
    expect(await chat(token)).toEqual({ conversationId: null, list: [], total: 0, page: 1, size: 20, unread: 0 })
    const first = await say(token, '  Where is my deposit?  ')
    await say(token, 'It was 100 USDT')
    const page = await chat(token)
    expect(page.conversationId).toBe(first.conversationId)
    expect(page.list.map((m) => [m.author, m.body])).toEqual([['user', 'It was 100 USDT'], ['user', 'Where is my deposit?']])
    expect(page.total).toBe(2)
  })

  it('stores a retried send (same client key) once', async () => {
    const { token } = await signIn(app)
    const body = { body: 'Hello', clientKey: 'key-12345678' }
    const a = (await send(token, body)).body.data as SupportMessage
    const b = (await send(token, body)).body.data as SupportMessage
    expect(b.id).toBe(a.id)
    expect((await chat(token)).total).toBe(1)
  })

  it.each([
    ['an empty message', { body: '   ', clientKey: 'key-12345678' }, serverMessages.supportEmpty.message],
    ['a message too long', { body: 'x'.repeat(SUPPORT_TEXT_MAX + 1), clientKey: 'key-12345678' }, `A message can be at most ${SUPPORT_TEXT_MAX} characters`],
    ['no client key', { body: 'Hi' }, 'Invalid input: clientKey'],
    ['a body that is not text', { body: 5, clientKey: 'key-12345678' }, 'Invalid input: body'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, msg) => {
    const { token } = await signIn(app)
    expect((await send(token, body)).body).toEqual({ code: 400, msg, data: null })
    expect((await chat(token)).total).toBe(0)
  })

  it('keeps the text exactly as written, markup included: the app shows it as text', async () => {
    const { token } = await signIn(app)
    await say(token, '<img src=x onerror=alert(1)> [staff]')
    expect((await chat(token)).list[0]!.body).toBe('<img src=x onerror=alert(1)> [staff]')
    expect((await chat(token)).list[0]!.author).toBe('user')
  })

  it('refuses another user’s conversation with 404 on every call', async () => {
    const [alice, bob] = await Promise.all([signIn(app), signIn(app)])
    const alices = await say(alice.token, 'private')
    const id = alices.conversationId
    const notFound = { code: 404, msg: serverMessages.supportNotFound.message, data: null }
    expect((await call(app, 'GET', `/api/getSupportChat?conversationId=${id}`, { token: bob.token })).body).toEqual(notFound)
    expect((await send(bob.token, { conversationId: id, body: 'hijack', clientKey: randomUUID() })).body).toEqual(notFound)
    expect((await call(app, 'POST', '/api/markSupportRead', { token: bob.token, body: { conversationId: id } })).body).toEqual(notFound)
    expect((await chat(alice.token)).list.map((m) => m.body)).toEqual(['private'])
    expect((await chat(alice.token, `?conversationId=${id}`)).total).toBe(1)
  })

  it('pages, and refuses a page size above 100', async () => {
    const { token } = await signIn(app)
    for (const n of [1, 2, 3]) await say(token, `m${n}`)
    expect((await chat(token, '?page=1&size=2')).list.map((m) => m.body)).toEqual(['m3', 'm2'])
    expect((await chat(token, '?page=2&size=2')).list.map((m) => m.body)).toEqual(['m1'])
    expect((await chat(token, '?page=3&size=2')).list).toEqual([])
    for (const qs of ['?size=101', '?page=0', '?conversationId=abc']) {
      expect((await call(app, 'GET', `/api/getSupportChat${qs}`, { token })).status).toBe(400)
    }
  })

  it('caches a chat id so another device resumes the conversation', async () => {
    const { token } = await signIn(app)
    expect((await call(app, 'GET', '/api/getCacheChatId', { token })).body.data).toEqual({ conversationId: null, chatId: null })
    const sent = await say(token, 'hello')
    expect((await call(app, 'POST', '/api/cacheChatId', { token, body: { chatId: 'crisp-session-1' } })).status).toBe(200)
    const other = await call(app, 'GET', '/api/getCacheChatId', { token })
    expect(other.body.data).toEqual({ conversationId: sent.conversationId, chatId: 'crisp-session-1' })
    expect((await call(app, 'POST', '/api/cacheChatId', { token, body: { chatId: 'has space' } })).status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    expect((await send(undefined, { body: 'x', clientKey: randomUUID() })).status).toBe(401)
    expect((await call(app, 'GET', '/api/getSupportChat')).status).toBe(401)
    expect((await call(app, 'GET', '/api/getCacheChatId')).status).toBe(401)
  })
})

describe('console side', () => {
  it('lists conversations with unread counts, shows one, and marks it read', async () => {
    const { token } = await signIn(app)
    const sent = await say(token, 'first question')
    await say(token, 'second question')
    const list = await call(app, 'GET', '/api/ops/support/conversations?size=100', { token: agent })
    const row = (list.body.data as { list: OpsConversation[] }).list.find((c) => c.id === sent.conversationId)
    expect(row).toMatchObject({ unread: 2, lastBody: 'second question' })
    const one = await call(app, 'GET', `/api/ops/support/conversation?id=${sent.conversationId}`, { token: agent })
    expect((one.body.data as OpsConversationPage).list.map((m) => m.body)).toEqual(['second question', 'first question'])
    expect((await call(app, 'POST', '/api/ops/support/markRead', { token: agent, body: { id: sent.conversationId } })).body.data).toEqual({ marked: 2 })
    const after = await call(app, 'GET', `/api/ops/support/conversation?id=${sent.conversationId}`, { token: agent })
    expect((after.body.data as OpsConversationPage).conversation.unread).toBe(0)
  })

  it('pushes an operator’s reply to the user’s socket with the staff author, and the user’s message to operators', async () => {
    const user = await signIn(app)
    const sent = await say(user.token, 'Can you help?')
    const userSocket = await connect(url)
    const opsSocket = await connect(url)
    try {
      userSocket.send({ type: 'bind_user', token: user.token })
      opsSocket.send({ type: 'bind_operator', token: agent })
      expect((await userSocket.next('bound')).message.data).toEqual({ ok: true })
      expect((await opsSocket.next('bound')).message.data).toEqual({ ok: true })

      const res = await reply(agent, { id: sent.conversationId, body: 'Yes, we can.', clientKey: randomUUID() })
      expect(res.status).toBe(200)
      const pushed = (await userSocket.next('support_message')).message.data as SupportEvent
      expect(pushed).toMatchObject({ message: { author: 'staff', body: 'Yes, we can.', conversationId: sent.conversationId }, unread: 1 })
      expect(await unread(user.token)).toBe(1)
      expect((await chat(user.token)).list[0]).toMatchObject({ author: 'staff', body: 'Yes, we can.' })

      // Operators hear replies too (another operator's console updates).
      const seen = opsSocket.frames.indexOf((await opsSocket.next('support_message')) as (typeof opsSocket.frames)[number]) + 1
      await say(user.token, 'Thanks!')
      const toOps = (await opsSocket.next('support_message', seen)).message.data as SupportEvent
      expect(toOps).toMatchObject({ message: { author: 'user', body: 'Thanks!' }, unread: 1 })

      expect((await call(app, 'POST', '/api/markSupportRead', { token: user.token, body: {} })).body.data).toEqual({ marked: 1 })
      expect(await unread(user.token)).toBe(0)
    } finally {
      userSocket.socket.close()
      opsSocket.socket.close()
    }
  })

  it('stops the chat’s messages to an operator’s socket as soon as the operator signs out', async () => {
    const user = await signIn(app)
    await say(user.token, 'before the sign-out')
    const leaving = (await signInOperator(app, ['support'])).token
    const opsSocket = await connect(url)
    try {
      opsSocket.send({ type: 'bind_operator', token: leaving })
      expect((await opsSocket.next('bound')).message.data).toEqual({ ok: true })
      await say(user.token, 'while signed in')
      expect(((await opsSocket.next('support_message')).message.data as SupportEvent).message.body).toBe('while signed in')

      expect((await call(app, 'POST', '/api/ops/signOut', { token: leaving, body: {} })).status).toBe(200)
      const seen = opsSocket.frames.length
      await say(user.token, 'after the sign-out')
      opsSocket.send({ type: 'ping' })
      await opsSocket.next('pong', seen)
      // Everything the socket got after the sign-out, up to the answer to a later ping: no chat message among it.
      expect(opsSocket.frames.slice(seen).map((f) => f.message.messageType)).not.toContain('support_message')
    } finally {
      opsSocket.socket.close()
    }
  })

  it('sends nothing to a socket bound with a user token instead of an operator’s', async () => {
    const user = await signIn(app)
    const socket = await connect(url)
    try {
      socket.send({ type: 'bind_operator', token: user.token })
      expect((await socket.next('bound')).message.data).toEqual({ ok: false })
    } finally {
      socket.socket.close()
    }
  })

  it('refuses a reply to an unknown conversation, an empty reply, and operators without the support role', async () => {
    const user = await signIn(app)
    const sent = await say(user.token, 'hi')
    expect((await reply(agent, { id: '999999999', body: 'x', clientKey: randomUUID() })).status).toBe(404)
    expect((await reply(agent, { id: sent.conversationId, body: '', clientKey: randomUUID() })).body.msg).toBe(serverMessages.supportEmpty.message)
    const finance = (await signInOperator(app, ['finance'])).token
    expect((await reply(finance, { id: sent.conversationId, body: 'x', clientKey: randomUUID() })).status).toBe(403)
    expect((await call(app, 'GET', '/api/ops/support/conversations', { token: finance })).status).toBe(403)
    expect((await call(app, 'GET', '/api/ops/support/conversations')).status).toBe(401)
    expect((await call(app, 'GET', '/api/ops/support/conversations?size=101', { token: agent })).status).toBe(400)
    expect((await chat(user.token)).total).toBe(1)
  })

  it('audits a reply', async () => {
    const user = await signIn(app)
    const sent = await say(user.token, 'audit me')
    const res = await reply(agent, { id: sent.conversationId, body: 'done', clientKey: randomUUID() })
    const info = await call(app, 'GET', '/api/getMyAccountInfo', { token: user.token })
    const admin = (await signInOperator(app, ['admin'])).token
    const log = await call(app, 'GET', `/api/ops/audit?subject=user:${(info.body.data as { id: string }).id}`, { token: admin })
    expect(JSON.stringify(log.body.data)).toContain((res.body.data as SupportMessage).id)
    expect(JSON.stringify(log.body.data)).toContain('support.reply')
  })
})
