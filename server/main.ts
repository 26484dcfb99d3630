// Starts the server from the environment (see env.ts) and stops it cleanly on SIGINT/SIGTERM.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { readEnv, type ServerEnv } from './env.ts'

/** After this long a stuck shutdown (a hung connection) gives up and exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000

let env: ServerEnv
let app: FastifyInstance
try {
  env = readEnv()
  app = await buildApp(env.app)
} catch (error) {
  // No logger yet: a bad variable, an unreachable database, a PGlite directory in use by another process.
  console.error('Keelson could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  const force = setTimeout(() => {
    app.log.error('shutdown timed out')
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS)
  force.unref()
  try {
    await app.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  await app.listen({ port: env.port, host: env.host })
} catch (error) {
  app.log.error({ err: error }, 'could not start')
  await app.close().catch(() => {})
  process.exit(1)
}
