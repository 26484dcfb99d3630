// The deployment's name: what Redis channel names and rate-limit keys start with. Unset (DEPLOYMENT_NAME), it is
// derived from the database's own identity (migration 0024), so two deployments on two databases never hear each
// other's prices or users' events on a shared Redis, whatever their configuration. A name is claimed on Redis by
// the database that first used it; a deployment on another database that asks for the same name is refused at start.
import type { Redis } from 'ioredis'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** This database's identity (a random uuid made by its first migration). */
export async function databaseIdentity(db: Db): Promise<string> {
  const result = (await db.execute(sql`SELECT id::text AS id FROM deployment_identity`)) as unknown as { rows: Array<{ id: string }> }
  const id = result.rows[0]?.id
  if (!id) throw new Error('deployment_identity is empty: the database was not migrated')
  return id
}

/** DEPLOYMENT_NAME, or one derived from the database: keelson-<first 12 hex digits of its identity>. */
export const deploymentNameOf = (configured: string | undefined, databaseId: string) =>
  configured ?? `keelson-${databaseId.replace(/-/g, '').slice(0, 12)}`

/** A claim lasts a week after the last process of its deployment renewed it (hourly), so a name outlives restarts. */
const CLAIM_TTL_S = 7 * 24 * 60 * 60
const RENEW_MS = 60 * 60 * 1000

/**
 * Claims `name` on Redis for this database, or throws when a deployment on another database holds it. The claim is
 * renewed while this process runs; answers the function that stops renewing (at close).
 */
export async function claimDeploymentName(redis: Redis, name: string, databaseId: string): Promise<() => void> {
  const key = `${name}:database`
  await redis.set(key, databaseId, 'EX', CLAIM_TTL_S, 'NX')
  const owner = await redis.get(key)
  if (owner !== databaseId) {
    throw new Error(
      `DEPLOYMENT_NAME "${name}" is used on this Redis by a deployment on another database (${owner}): its prices and ` +
        `users' events would reach this one. Choose another DEPLOYMENT_NAME, or delete the Redis key ${key} if that deployment is gone.`,
    )
  }
  await redis.expire(key, CLAIM_TTL_S)
  const renew = setInterval(() => void redis.expire(key, CLAIM_TTL_S).catch(() => {}), RENEW_MS)
  renew.unref()
  return () => clearInterval(renew)
}
