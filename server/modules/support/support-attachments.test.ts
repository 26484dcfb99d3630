// Pictures in the support chat: a user's own upload (purpose support) and an operator's for the conversation, in
// history and on the socket; the pictures each side may attach, and who may read them.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpsConversationPage } from '#contract/ops-support.ts'
import { serverMessages } from '#contract/server-messages.ts'
import type { SupportAttachment, SupportChatPage, SupportEvent, SupportMessage } from '#contract/support.ts'
import type { Upload } from '#contract/uploads.ts'
import { connect, socketUrl } from '../../realtime/test-client.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { multipartBody, noisyJpeg, plainPng } from '../uploads/test-files.ts'

let app: FastifyInstance
let url: string
let uploadDir: string
let agent: string
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'keelson-support-'))
  app = await buildTestApp({ uploadDir })
  url = socketUrl(await app.listen({ port: 0, host: '127.0.0.1' }))
  agent = (await signInOperator(app, ['support'])).token
})
afterAll(async () => {
  await app?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

const NOT_FOUND = { code: 400, msg: serverMessages.supportAttachmentNotFound.message, data: null }

async function postForm(path: string, token: string, fields: Record<string, string>, bytes: Buffer) {
  const { payload, headers } = multipartBody(fields, { name: 'photo.png', type: 'image/png', bytes })
  const res = await app.inject({ method: 'POST', url: path, payload, headers: { ...headers, authorization: `Bearer ${token}` } })
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } }
}
const userPicture = async (token: string, purpose = 'support', bytes?: Buffer) => {
  const res = await postForm('/api/imgUpload', token, { purpose }, bytes ?? (await plainPng(40, 30)))
  expect(res.status).toBe(200)
  return res.body.data as Upload
}
const operatorPicture = async (conversationId: string, token = agent) => {
  const res = await postForm('/api/ops/support/attachment', token, { id: conversationId }, await noisyJpeg(64, 48))
  return res
}
const send = (token: string, body: Record<string, unknown>) => call(app, 'POST', '/api/sendSupportMessage', { token, body: { clientKey: randomUUID(), ...body } })
const reply = (body: Record<string, unknown>, token = agent) => call(app, 'POST', '/api/ops/support/reply', { token, body: { clientKey: randomUUID(), ...body } })
const chat = async (token: string) => (await call(app, 'GET', '/api/getSupportChat', { token })).body.data as SupportChatPage
const picture = (id: string, token: string, ops = false) =>
  app.inject({ method: 'GET', url: ops ? `/api/ops/upload/${id}` : `/api/upload/${id}`, headers: { authorization: `Bearer ${token}` } })

describe('a user’s picture', () => {
  it('is sent alone or with text, shown in the user’s history and the console’s, and readable by operators', async () => {
    const { token } = await signIn(app)
    const upload = await userPicture(token)
    const alone = await send(token, { attachmentId: upload.id })
    expect(alone.status).toBe(200)
    const message = alone.body.data as SupportMessage
    expect(message).toMatchObject({ author: 'user', body: '', attachment: { id: upload.id, width: 40, height: 30 } })
    await send(token, { body: 'And this one', attachmentId: (await userPicture(token)).id })
    const history = await chat(token)
    expect(history.list.map((m) => [m.body, m.attachment?.width])).toEqual([['And this one', 40], ['', 40]])

    const thread = (await call(app, 'GET', `/api/ops/support/conversation?id=${message.conversationId}`, { token: agent })).body.data as OpsConversationPage
    expect(thread.list[1]!.attachment).toEqual({ id: upload.id, width: 40, height: 30 })
    const seen = await picture(upload.id, agent, true)
    expect(seen.statusCode).toBe(200)
    expect(seen.headers['content-type']).toBe('image/png')
    // Support pictures are the support role's: compliance reads identity documents, not the chat.
    expect((await picture(upload.id, (await signInOperator(app, ['compliance'])).token, true)).statusCode).toBe(403)
  })

  it.each([
    ['another user’s picture', async () => (await userPicture((await signIn(app)).token)).id],
    ['a picture for another purpose', async (token: string) => (await userPicture(token, 'kyc')).id],
    ['an unknown id', async () => randomUUID()],
    ['an id that is not one', async () => 'not-an-id'],
  ])('refuses %s with 400 and stores nothing', async (_name, idOf) => {
    const { token } = await signIn(app)
    expect((await send(token, { body: 'look', attachmentId: await idOf(token) })).body).toEqual(NOT_FOUND)
    expect((await chat(token)).total).toBe(0)
  })

  it('refuses a message with neither text nor picture', async () => {
    const { token } = await signIn(app)
    const empty = { code: 400, msg: serverMessages.supportEmpty.message, data: null }
    expect((await send(token, {})).body).toEqual(empty)
    expect((await send(token, { body: '  \n ' })).body).toEqual(empty)
    expect((await chat(token)).total).toBe(0)
  })

  it('is answered in the caller’s language when refused', async () => {
    const { token } = await signIn(app)
    const res = await call(app, 'POST', '/api/sendSupportMessage', { token, headers: { language: 'de_DE' }, body: { attachmentId: randomUUID(), clientKey: randomUUID() } })
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe('Das anzuhängende Bild wurde nicht gefunden; laden Sie es erneut hoch')
  })
})

describe('an operator’s picture', () => {
  it('is stored as the user’s, sent live with the staff author, and read by that user only', async () => {
    const user = await signIn(app)
    const first = (await send(user.token, { body: 'Here is my screen' })).body.data as SupportMessage
    const uploaded = await operatorPicture(first.conversationId)
    expect(uploaded.status).toBe(200)
    const attachment = uploaded.body.data as SupportAttachment
    expect(attachment).toMatchObject({ width: 64, height: 48 })

    const socket = await connect(url)
    try {
      socket.send({ type: 'bind_user', token: user.token })
      await socket.next('bound')
      const res = await reply({ id: first.conversationId, attachmentId: attachment.id })
      expect(res.status).toBe(200)
      const pushed = (await socket.next('support_message')).message.data as SupportEvent
      expect(pushed.message).toMatchObject({ author: 'staff', body: '', attachment })
    } finally {
      socket.socket.close()
    }
    expect((await chat(user.token)).list[0]).toMatchObject({ author: 'staff', attachment })
    expect((await picture(attachment.id, user.token)).statusCode).toBe(200)
    expect((await picture(attachment.id, agent, true)).statusCode).toBe(200)
    // Another user gets 404, as for a picture that does not exist.
    const stranger = await signIn(app)
    const foreign = await picture(attachment.id, stranger.token)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ msg: serverMessages.uploadNotFound.message })
    // The user cannot pass the operator's picture off as their own message.
    expect((await send(user.token, { attachmentId: attachment.id })).body).toEqual(NOT_FOUND)
  })

  it('may not carry a user’s picture (it would wear the staff badge), nor one of another conversation', async () => {
    const [alice, bob] = await Promise.all([signIn(app), signIn(app)])
    const alices = (await send(alice.token, { body: 'hi' })).body.data as SupportMessage
    const bobs = (await send(bob.token, { body: 'hi' })).body.data as SupportMessage
    const ownPicture = await userPicture(alice.token)
    expect((await reply({ id: alices.conversationId, attachmentId: ownPicture.id })).body).toEqual(NOT_FOUND)
    const forBob = (await operatorPicture(bobs.conversationId)).body.data as SupportAttachment
    expect((await reply({ id: alices.conversationId, attachmentId: forBob.id })).body).toEqual(NOT_FOUND)
    expect((await reply({ id: alices.conversationId, body: ' ' })).body.msg).toBe(serverMessages.supportEmpty.message)
    expect((await chat(alice.token)).list.map((m) => m.author)).toEqual(['user'])
  })

  it('is refused for an unknown conversation, without a picture, and to operators without the support role', async () => {
    const user = await signIn(app)
    const sent = (await send(user.token, { body: 'hi' })).body.data as SupportMessage
    expect((await operatorPicture('999999999')).status).toBe(404)
    expect((await operatorPicture('abc')).status).toBe(400)
    const finance = (await signInOperator(app, ['finance'])).token
    expect((await operatorPicture(sent.conversationId, finance)).status).toBe(403)
    const { payload, headers } = multipartBody({ id: sent.conversationId })
    const missing = await app.inject({ method: 'POST', url: '/api/ops/support/attachment', payload, headers: { ...headers, authorization: `Bearer ${agent}` } })
    expect(missing.json()).toMatchObject({ code: 400, msg: serverMessages.imageMissing.message })
    const user2 = await signIn(app)
    expect((await postForm('/api/ops/support/attachment', user2.token, { id: sent.conversationId }, await plainPng(4, 4))).status).toBe(401)
  })
})
