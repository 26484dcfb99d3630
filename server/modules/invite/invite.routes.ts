import type { FastifyInstance, FastifyRequest } from 'fastify'
import { inviteApi } from '#contract/invite.ts'
import { route } from '../../route.ts'
import { applyInviteCode, userInviteCode } from './invite.service.ts'

// The app sends its host in RequestUrl (docs/api.md, "Requests"); a scheme may come with it. Anything not shaped like a
// host falls back to the host this request reached, so a header can never put markup or a path into the link.
const HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/
const ORIGIN = /^(https?):\/\/([A-Za-z0-9.-]{1,253}(:\d{1,5})?)\/?$/

export function appOrigin(request: FastifyRequest): string {
  const header = request.headers.requesturl
  const value = typeof header === 'string' ? header.trim() : ''
  const origin = ORIGIN.exec(value)
  if (origin) return `${origin[1]}://${origin[2]}`
  const host = HOST.test(value) ? value : request.host
  return `${request.protocol}://${host}`
}

export function registerInviteRoutes(app: FastifyInstance) {
  route(app, inviteApi.userInviteCode, ({ user, request }) => userInviteCode(app.db, user.id, appOrigin(request)))
  route(app, inviteApi.updateUpLevel, async ({ user, body }) => {
    await applyInviteCode(app.db, user.id, body.code)
    return { ok: true as const }
  })
}
