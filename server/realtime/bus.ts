// Carries socket traffic between processes: ticks from the one simulator leader, events for one user, broadcasts.
// In-process by default; Redis pub/sub when REDIS_URL is set, so every process's sockets get every event.
import { EventEmitter } from 'node:events'

export type BusChannel = 'ticker' | 'broadcast' | 'user' | 'session' | 'ops'

export type Bus = {
  publish: (channel: BusChannel, payload: string) => Promise<void>
  /** Resolves once messages on the channel will be delivered. */
  subscribe: (channel: BusChannel, handler: (payload: string) => void) => Promise<void>
  close: () => Promise<void>
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter()
  // One listener per subscription and channel; the default limit of 10 is for leak detection, not a real bound.
  emitter.setMaxListeners(0)
  return {
    publish: async (channel, payload) => {
      emitter.emit(channel, payload)
    },
    subscribe: async (channel, handler) => {
      emitter.on(channel, handler)
    },
    close: async () => {
      emitter.removeAllListeners()
    },
  }
}
