// After a posting commits, every user whose book it changed hears balance_update on the socket. Posting inside a
// caller's transaction cannot know when that commits, so the caller pushes (or the next read finds it).
import type { FastifyInstance } from 'fastify'
import type { Posted } from './post.ts'

export async function pushBalanceUpdates(app: FastifyInstance, posted: Posted): Promise<void> {
  await Promise.all(
    posted.touched.map(({ userId, book }) =>
      app.hub.publishToUser(userId, { messageType: 'balance_update', data: { book } }).catch((error: unknown) => {
        app.log.warn({ err: error, userId }, 'balance_update push failed')
      }),
    ),
  )
}
