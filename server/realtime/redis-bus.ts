// The bus over Redis pub/sub. Redis needs a connection of its own for subscribing; the other connection publishes
// and is shared with the rate limiter. Channel names start with the deployment's name (DEPLOYMENT_NAME), so two
// deployments sharing one Redis (staging beside production) never hear each other's ticks or users' events.
import type { Redis } from 'ioredis'
import type { Bus, BusChannel } from './bus.ts'

type Log = { warn: (obj: object, msg: string) => void }

export type RedisBus = Bus & { client: Redis }

export async function createRedisBus(url: string, log: Log, deploymentName: string): Promise<RedisBus> {
  const prefix = `${deploymentName}:`
  // Fail fast instead of queueing commands forever while Redis is away; callers treat failures as "not delivered".
  // Auto-pipelining: the commands of one turn of the event loop (every request's rate-limit count, every posting's
  // book_changed) leave in one write, not a system call each, which was a tenth of the server's time in bench:orders.
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true, enableAutoPipelining: true }
  // Loaded only with REDIS_URL: a single process never loads it (bench:start).
  const { Redis } = await import('ioredis')
  const client = new Redis(url, options)
  const subscriber = new Redis(url, options)
  // Until the first connection succeeds, a failure is reported once, below, by the address tried.
  let connected = false
  let firstError: Error | undefined
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => {
      if (connected) log.warn({ err: error }, 'redis connection error')
      else firstError ??= error
    })
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()])
    connected = true
  } catch (error) {
    client.disconnect()
    subscriber.disconnect()
    const { host, port, path } = client.options
    // The socket's error (ECONNREFUSED, ENOTFOUND ...) says more than connect()'s "Connection is closed."
    const cause = firstError ?? error
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new Error(`Redis at ${path || `${host}:${port}`} is unreachable (${reason}); check REDIS_URL`, { cause })
  }

  const handlers = new Map<string, Array<(payload: string) => void>>()
  subscriber.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload)
  })

  return {
    client,
    publish: async (channel: BusChannel, payload: string) => {
      await client.publish(prefix + channel, payload)
    },
    subscribe: async (channel: BusChannel, handler: (payload: string) => void) => {
      const key = prefix + channel
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
