// The bus over Redis pub/sub. Redis needs a connection of its own for subscribing; the other connection publishes
// and is shared with the rate limiter.
import { Redis } from 'ioredis'
import type { Bus, BusChannel } from './bus.ts'

const PREFIX = 'keelson:'

type Log = { warn: (obj: object, msg: string) => void }

export type RedisBus = Bus & { client: Redis }

export async function createRedisBus(url: string, log: Log): Promise<RedisBus> {
  // Fail fast instead of queueing commands forever while Redis is away; callers treat failures as "not delivered".
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true }
  const client = new Redis(url, options)
  const subscriber = new Redis(url, options)
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'))
  }
  await Promise.all([client.connect(), subscriber.connect()])

  const handlers = new Map<string, Array<(payload: string) => void>>()
  subscriber.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload)
  })

  return {
    client,
    publish: async (channel: BusChannel, payload: string) => {
      await client.publish(PREFIX + channel, payload)
    },
    subscribe: async (channel: BusChannel, handler: (payload: string) => void) => {
      const key = PREFIX + channel
      const list = handlers.get(key)
      if (list) {
        list.push(handler)
        return
      }
      handlers.set(key, [handler])
      await subscriber.subscribe(key)
    },
    close: async () => {
      handlers.clear()
      await Promise.allSettled([subscriber.quit(), client.quit()])
    },
  }
}
