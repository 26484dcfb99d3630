// For end-to-end tests only: with E2E_TEST_HOOKS=1 (tests/e2e/serve.ts sets it), POST /api/test/sendMessage lets a
// signed-in user send a message to themselves, so a test can watch new_message arrive over the socket. It is never
// registered otherwise, and never when NODE_ENV=production, so an operator cannot switch it on by mistake. Operators
// send messages with `node server/cli.ts message`.
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Endpoint } from '#contract/endpoint.ts'
import { route } from '../../route.ts'
import { sendMessage } from './messages.service.ts'
import { clearNotices, publishNotice } from '../config/config.service.ts'

const Text = z.string().check(z.minLength(1), z.maxLength(500))

const testSendMessage = {
  method: 'POST',
  path: '/test/sendMessage',
  body: z.object({ title: Text, body: Text }),
  data: z.object({ id: z.string(), title: z.string() }),
  auth: true,
} as const satisfies Endpoint

/** The site-wide notice, which operators publish with `node server/cli.ts notice`; empty content clears it. */
const testNotice = {
  method: 'POST',
  path: '/test/notice',
  body: z.object({ title: z.string().check(z.maxLength(200)), content: z.string().check(z.maxLength(5000)) }),
  data: z.null(),
  auth: true,
} as const satisfies Endpoint

export function testHooksEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.E2E_TEST_HOOKS === '1' && env.NODE_ENV !== 'production'
}

export function registerMessageTestHooks(app: FastifyInstance, enabled = testHooksEnabled()) {
  if (process.env.E2E_TEST_HOOKS === '1' && !enabled) app.log.warn('E2E_TEST_HOOKS ignored: NODE_ENV is production')
  if (!enabled) return
  app.log.warn('E2E test hooks are on: POST /api/test/sendMessage, /api/test/notice')
  route(app, testSendMessage, ({ user, body }) => sendMessage(app, user.id, body.title, body.body))
  route(app, testNotice, async ({ body }) => {
    await clearNotices(app.db)
    if (body.content) await publishNotice(app.db, body.title, body.content)
    return null
  })
}
