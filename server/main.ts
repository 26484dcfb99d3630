// Starts the server from the environment (see env.ts) and stops it cleanly on SIGINT/SIGTERM. Every failure to
// start is one line on stderr, "Keelson could not start: <why>", and exit code 1; the last line of a good start
// says where to open the app.
import '../scripts/check-node.mjs'
import { existsSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ServerEnv } from './env.ts'
import { SETTLE_MS, settleAfterStart, shortenDrizzleResolution } from './start-memory.ts'

// V8's compiled code for every module, kept on disk (the system's temporary folder) and checked against each file's
// contents: a second start compiles nothing it compiled before, a third of start-up's CPU (docs/operations.md).
enableCompileCache()
shortenDrizzleResolution()
// Loaded after the Node version check above, so an old Node gets that one line rather than a load failure here.
const { buildApp } = await import('./app.ts')
const { readEnv } = await import('./env.ts')

/** After this long a stuck shutdown (a hung connection) gives up and exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000

function cannotStart(reason: string): never {
  console.error(`Keelson could not start: ${reason}`)
  process.exit(1)
}

function listenProblem(error: unknown, env: ServerEnv): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') return `port ${env.port} is in use (stop what uses it, or set PORT to another port)`
  if (code === 'EACCES') return `port ${env.port} needs privileges (set PORT to a port above 1023)`
  if (code === 'EADDRNOTAVAIL') return `${env.host} is not an address of this machine (check HOST)`
  return error instanceof Error ? error.message : String(error)
}

/** A busy port is found before buildApp, which creates the data folder and opens PGlite. */
function probePort(env: ServerEnv): Promise<string | null> {
  if (env.port === 0) return Promise.resolve(null)
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error) => resolve(listenProblem(error, env)))
    try {
      probe.listen({ port: env.port, host: env.host, exclusive: true }, () => probe.close(() => resolve(null)))
    } catch (error) {
      resolve(listenProblem(error, env))
    }
  })
}

/** Hosts a browser on this machine reaches as localhost: the wildcards and the loopback (the default). */
const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1'])

/** After the first requests' log lines, this long without another one and the running line is printed again. */
const QUIET_MS = 1_500

/** The address to type into a browser. */
function localUrl(app: FastifyInstance, env: ServerEnv): string {
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : env.port
  const host = LOCAL_HOSTS.has(env.host) ? 'localhost' : env.host.includes(':') ? `[${env.host}]` : env.host
  return `http://${host}:${port}`
}

function runningLine(app: FastifyInstance, env: ServerEnv): string {
  if (env.publicUrl) return `Keelson is running: open ${env.publicUrl}`
  const url = localUrl(app, env)
  const staticDir = env.app.staticDir ?? ''
  if (existsSync(join(staticDir, 'index.html'))) return `Keelson is running: open ${url}`
  return `Keelson's API is running at ${url}/api, without the app (nothing built in ${staticDir}: npm start builds it)`
}

type LogStream = { write: (text: string) => unknown }

/** Pino writes asynchronously and keeps its stream under a symbol; writing there keeps lines in order. */
function logStream(app: FastifyInstance): LogStream | null {
  const symbol = Object.getOwnPropertySymbols(app.log).find((s) => s.description === 'pino.stream')
  const stream = symbol && ((app.log as unknown as Record<symbol, unknown>)[symbol] as Partial<LogStream>)
  return stream && typeof stream.write === 'function' ? (stream as LogStream) : null
}

/**
 * Prints a plain line after every log line written so far (console.log would overtake Fastify's held-back
 * "Server listening" lines). Once more after the first burst of request logs, which push it off the screen when a
 * browser opens the app.
 */
function printLast(app: FastifyInstance, line: string) {
  const stream = logStream(app)
  if (!stream) return console.log(line)
  stream.write(`${line}\n`)
  const write = stream.write.bind(stream)
  let quiet: NodeJS.Timeout | undefined
  stream.write = (text: string) => {
    // Request logs carry Fastify's request id; a job's log line alone does not push the line away.
    if (quiet === undefined && !text.includes('"reqId"')) return write(text)
    clearTimeout(quiet)
    quiet = setTimeout(() => {
      stream.write = write
      write(`${line}\n`)
    }, QUIET_MS)
    quiet.unref()
    return write(text)
  }
}

let env: ServerEnv
let app: FastifyInstance
try {
  env = readEnv()
} catch (error) {
  cannotStart(error instanceof Error ? error.message : String(error))
}
const busy = await probePort(env)
if (busy) cannotStart(busy)
try {
  app = await buildApp(env.app)
} catch (error) {
  // No logger yet: an unreachable database or Redis, a PGlite directory in use by another process.
  cannotStart(error instanceof Error ? error.message : String(error))
}

if (!env.app.publicOrigin && process.env.NODE_ENV === 'production') {
  // The socket then admits its own page only on localhost or an IP address (realtime/socket.routes.ts).
  app.log.warn('PUBLIC_URL is not set: browsers on a domain name cannot open the live socket; set it to the app\'s address')
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
  // Taken between the probe and now, or refused for another reason.
  await app.close().catch(() => {})
  cannotStart(listenProblem(error, env))
}
printLast(app, runningLine(app, env))
setTimeout(settleAfterStart, SETTLE_MS).unref()
