// Messages to bidders (outbid, won) are stored in the transaction that decides them (messages MESSAGE_TEMPLATES) and
// pushed once it commits.
import type { FastifyInstance } from 'fastify'

export type Told = { userId: string; message: { id: string; title: string } }

/** After the commit: the stored messages reach their users' open tabs (new_message). */
export const pushMessages = (app: FastifyInstance, told: Told[]) =>
  Promise.all(
    told.map((t) =>
      app.hub.publishToUser(t.userId, { messageType: 'new_message', data: t.message }).catch((error: unknown) => app.log.warn({ err: error }, 'nfts: message push failed')),
    ),
  )
