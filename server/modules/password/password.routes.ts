// E-mail sign-in routes. The unauthenticated ones share the stricter sign-in rate limit (RATE_LIMIT_SIGNIN_MAX per
// IP); e-mail codes also have a per-e-mail resend delay (email-code.ts).
// Google and Facebook sign-in is its own module (modules/oidc).
import type { FastifyInstance } from 'fastify'
import { passwordApi } from '#contract/password.ts'
import { route } from '../../route.ts'
import { languageOf } from '../../plugins/errors.ts'
import { createMailer, type Mailer } from './mailer.ts'
import { checkResetCode, login, register, resetPassword, sendEmailCode, updatePassword, type PasswordDeps } from './password.service.ts'

const mailers = new WeakMap<FastifyInstance, Mailer>()

/** The mails an app sent (the last 100), for tests of in-memory apps. */
export const sentMail = (app: FastifyInstance) => mailers.get(app)?.sent ?? []

export function registerPasswordRoutes(app: FastifyInstance) {
  const mailer = createMailer(app.conf.mail ?? {}, app.now, app.log)
  mailers.set(app, mailer)
  const deps: PasswordDeps = { db: app.db, now: app.now, mailer, translate: app.translate }
  const strict = { rateLimitMax: app.conf.rateLimit.signInMax }
  const revoke = async (sessionIds: string[]) => {
    for (const id of sessionIds) await app.hub.revokeSession(id)
    return null
  }

  route(app, passwordApi.register, ({ body, request }) => register(deps, body, request.headers.invitecode), strict)
  route(app, passwordApi.login, ({ body }) => login(deps, body), strict)
  route(app, passwordApi.emailCode, ({ query, request }) => sendEmailCode(deps, query, languageOf(request)), strict)
  route(
    app,
    passwordApi.resetCheck,
    async ({ query, reply }) => {
      // A GET that answers a secret: never stored by a cache on the way.
      void reply.header('cache-control', 'no-store')
      return checkResetCode(deps, query)
    },
    strict,
  )
  route(app, passwordApi.resetPassword, async ({ body }) => revoke(await resetPassword(deps, body)), strict)
  route(app, passwordApi.updatePassword, async ({ body, user }) => revoke(await updatePassword(deps, user, body)), strict)
}
