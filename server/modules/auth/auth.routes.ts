import type { FastifyInstance } from 'fastify'
import { authApi } from '#contract/auth.ts'
import { route } from '../../route.ts'
import { accountInfo, signIn, signOut } from './auth.service.ts'
import { createVerifier } from './signature.ts'
import { exchangeLoginCode } from './login-code.ts'

export function registerAuthRoutes(app: FastifyInstance) {
  const verify = createVerifier(app.conf.ethRpcUrl)
  route(app, authApi.checkSign, ({ body, request }) => signIn({ db: app.db, now: app.now, verify }, body, request.headers.invitecode), {
    rateLimitMax: app.conf.rateLimit.signInMax,
  })
  route(app, authApi.loginOut, async ({ user }) => {
    await signOut(app.db, app.now, user)
    await app.hub.revokeSession(user.sessionId)
    return null
  })
  route(app, authApi.myAccountInfo, ({ user }) => accountInfo(user))
  route(app, authApi.exchangeLoginCode, ({ body }) => exchangeLoginCode(app.db, body.code, app.now()), {
    rateLimitMax: app.conf.rateLimit.signInMax,
  })
}
