// Operator commands against the same database the server uses (DATABASE_URL, else the PGlite under DATA_DIR).
import { join } from 'node:path'
import { CONFIG_KEYS, ConfigKey, configValueFits } from '#contract/config.ts'
import { openDb, type Db } from './db/client.ts'
import { migrateDb } from './db/migrate.ts'
import { readEnv } from './env.ts'
import { clearNotices, publishNotice, setConfigValue } from './modules/config/config.service.ts'
import { readOutbox } from './modules/password/mailer.ts'
import { checkMessageArgs, sendMessageFromCli } from './modules/messages/messages.cli.ts'
import { formatReconciliation } from './ledger/reconcile.ts'
import { reconcileBooks } from './modules/orders/orders.subledger.ts'
import { OPERATOR_USAGE, operatorCommand } from './modules/ops/ops.cli.ts'
import { CONTENT_USAGE, formatRemoved, removeSamples } from './modules/content/content.cli.ts'

const USAGE = `Usage:
  node server/cli.ts set-config <key> <value>   set a public setting
  node server/cli.ts unset-config <key>         remove it (licence shows "not configured" again)
  node server/cli.ts notice <title> <html>      publish the notice popup (replaces the current one)
  node server/cli.ts notice --clear             stop showing any notice
  node server/cli.ts outbox [count]             the latest mails written to DATA_DIR/outbox (no SMTP_URL set)
  node server/cli.ts message <address> <title> <body>   send a message to one user's notifications
  node server/cli.ts reconcile                  the ledger's full reconciliation (exit code 1 when not consistent)
${OPERATOR_USAGE}
${CONTENT_USAGE}

Keys: ${CONFIG_KEYS.join(', ')}
Uses DATABASE_URL when set, else the PGlite data directory under DATA_DIR (default ./data).
A PGlite directory can be open in one process only: stop the server first, or use PostgreSQL.`

function configKey(name: string | undefined): ConfigKey {
  const key = ConfigKey.safeParse(name)
  if (!key.success) throw new Error(`Unknown key "${name}". Keys: ${CONFIG_KEYS.join(', ')}`)
  return key.data
}

/** Where a command reads and writes: the process's own, or a test's (runCli runs in-process there). */
export type CliIo = {
  env: NodeJS.ProcessEnv
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  out: (text: string) => void
  err: (text: string) => void
}

/** What a command prints, and its exit code. */
type Outcome = { text: string; code: number }
type Action = (db: Db) => Promise<Outcome>
const ok = (text: string): Outcome => ({ text, code: 0 })

/** The command as a database action, checked before any database is opened. */
async function parse([command, ...rest]: string[], io: CliIo): Promise<Action> {
  if (command === 'operator') {
    const action = await operatorCommand(rest, readEnv(io.env).app.platformName ?? 'Keelson', USAGE, io.stdin)
    return async (db) => ok(await action(db))
  }
  if (command === 'set-config' && rest.length === 2) {
    const [key, value] = [configKey(rest[0]), rest[1]!]
    if (!configValueFits(key, value)) throw new Error(`"${value}" is not a valid value for ${key}.`)
    return async (db) => (await setConfigValue(db, key, value), ok(`${key} = ${value}`))
  }
  if (command === 'unset-config' && rest.length === 1) {
    const key = configKey(rest[0])
    return async (db) => (await setConfigValue(db, key, null), ok(`${key} unset`))
  }
  if (command === 'notice' && rest.length === 1 && rest[0] === '--clear') {
    return async (db) => ok(`${await clearNotices(db)} notice(s) cleared`)
  }
  if (command === 'notice' && rest.length === 2 && rest[0]!.trim() !== '') {
    const [title, html] = [rest[0]!, rest[1]!]
    return async (db) => ok(`notice ${(await publishNotice(db, title, html)).id} published`)
  }
  if (command === 'message' && rest.length === 3) {
    const [address, title, body] = [rest[0]!, rest[1]!, rest[2]!]
    checkMessageArgs(address, title, body)
    const env = readEnv(io.env)
    return async (db) => ok(await sendMessageFromCli(db, address, title, body, env.app.redisUrl, env.app.deploymentName))
  }
  if (command === 'content' && rest.length === 1 && rest[0] === 'remove-samples') {
    return async (db) => ok(formatRemoved(await removeSamples(db)))
  }
  if (command === 'reconcile' && rest.length === 0) {
    return async (db) => {
      const found = await reconcileBooks(db)
      return { text: formatReconciliation(found), code: found.ok ? 0 : 1 }
    }
  }
  throw new Error(USAGE)
}

async function run(args: string[], io: CliIo): Promise<Outcome> {
  const action = await parse(args, io)
  const env = readEnv(io.env)
  const handle = await openDb({ url: env.app.databaseUrl, dataDir: env.app.databaseUrl ? undefined : env.app.pgliteDir })
  try {
    await migrateDb(handle)
    return await action(handle.db)
  } finally {
    await handle.close()
  }
}

/** The outbox is files, not the database: it reads while the server runs. */
async function outbox(dataDir: string, count = '10'): Promise<string> {
  const limit = Number(count)
  if (!Number.isInteger(limit) || limit < 1) throw new Error(USAGE)
  const mails = await readOutbox(join(dataDir, 'outbox'), limit)
  if (mails.length === 0) return 'The outbox is empty.'
  return mails.map((m) => `${new Date(m.sentAt).toISOString()}  to ${m.to}\n  ${m.subject}\n  ${m.text}`).join('\n\n')
}

/** Runs one command; the exit code is returned, not set, so tests run commands in their own process. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    io.out(USAGE)
    return 0
  }
  try {
    if (args[0] === 'outbox' && args.length <= 2) {
      io.out(await outbox(readEnv(io.env).dataDir, args[1]))
      return 0
    }
    const { text, code } = await run(args, io)
    io.out(text)
    return code
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error))
    return 1
  }
}

if (import.meta.main) {
  const io: CliIo = { env: process.env, stdin: process.stdin, out: (text) => console.log(text), err: (text) => console.error(text) }
  process.exitCode = await runCli(process.argv.slice(2), io)
}
