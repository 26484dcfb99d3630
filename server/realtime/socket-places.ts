// How many sockets one client address holds (SOCKETS_PER_ADDRESS, docs/operations.md). Without Redis a process counts
// its own. With Redis the count is the deployment's, across processes: each address has a hash whose fields are the
// processes holding its sockets and their counts (<deployment>:ws:addr:<address>), and a sorted set of the processes
// alive with their last heartbeat (<deployment>:ws:alive). A handshake takes a place with one script that adds up the
// fields of processes still alive, drops those of processes that stopped beating (a process that died never gives its
// places back), and increments its own field when a place is left; a close decrements it. Every HEARTBEAT_MS a
// process stamps itself alive and writes its own fields again from what it really holds, so a lost decrement heals
// and the hash of an address nobody holds any more expires. Should Redis fail, the process falls back to its own count.
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

export const HEARTBEAT_MS = 10_000
/** A process whose heartbeat is older than this is dead: its places are free. */
export const STALE_MS = 3 * HEARTBEAT_MS

const TAKE = `
local cutoff = tonumber(ARGV[3]) - tonumber(ARGV[4])
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local seen = redis.call('ZSCORE', KEYS[2], fields[i])
  if fields[i] ~= ARGV[1] and (not seen or tonumber(seen) < cutoff) then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`

const GIVE_BACK = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`

type Connection = { once: (event: 'close', listener: () => void) => unknown; destroyed?: boolean }
type Log = { warn: (obj: object, msg: string) => void }

export type SocketPlaces = {
  /** Takes a place for `address`, given back when `connection` closes; false when the address has none left. */
  take(address: string, connection: Connection): Promise<boolean>
  /** Stops the heartbeat and gives this process's places back (app close). */
  close(): Promise<void>
}

export type SocketPlacesShared = { redis: Redis; prefix: string; log: Log; processId?: string }

export function createSocketPlaces(limit: number, shared?: SocketPlacesShared): SocketPlaces {
  const open = new Map<string, number>()
  const local = (address: string) => (open.get(address) ?? 0) < limit
  const hold = (address: string, connection: Connection, giveBack: () => void) => {
    open.set(address, (open.get(address) ?? 0) + 1)
    const release = () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
      giveBack()
    }
    if (connection.destroyed) release()
    else connection.once('close', release)
  }
  if (!shared) {
    return {
      take: async (address, connection) => {
        if (!local(address)) return false
        hold(address, connection, () => {})
        return true
      },
      close: async () => {},
    }
  }

  const { redis, prefix, log } = shared
  const me = shared.processId ?? randomUUID()
  const alive = `${prefix}ws:alive`
  const keyOf = (address: string) => `${prefix}ws:addr:${address}`
  const failed = (error: unknown) => log.warn({ err: error }, 'socket places on Redis failed; counting this process only')

  const beat = async () => {
    const now = Date.now()
    const batch = redis.multi().zadd(alive, now, me).zremrangebyscore(alive, '-inf', now - STALE_MS)
    for (const [address, count] of open) batch.hset(keyOf(address), me, count).pexpire(keyOf(address), STALE_MS)
    await batch.exec()
  }
  let closed = false
  let ready: Promise<void> | null = beat().catch(failed)
  const heartbeat = setInterval(() => void beat().catch(failed), HEARTBEAT_MS)
  heartbeat.unref()

  return {
    take: async (address, connection) => {
      await ready
      ready = null
      let taken: boolean
      try {
        taken = (await redis.eval(TAKE, 2, keyOf(address), alive, me, limit, Date.now(), STALE_MS)) === 1
      } catch (error) {
        failed(error)
        if (!local(address)) return false
        hold(address, connection, () => {})
        return true
      }
      if (!taken) return false
      hold(address, connection, () => {
        // After close this process's fields are gone already, and the connection to Redis may be too.
        if (!closed) void redis.eval(GIVE_BACK, 1, keyOf(address), me).catch(failed)
      })
      return true
    },
    close: async () => {
      closed = true
      clearInterval(heartbeat)
      const batch = redis.multi().zrem(alive, me)
      for (const address of open.keys()) batch.hdel(keyOf(address), me)
      await batch.exec().catch(failed)
    },
  }
}
