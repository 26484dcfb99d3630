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

const USAGE = `Usage:
  node server/cli.ts set-config <key> <value>   set a public setting
  node server/cli.ts unset-config <key>         remove it (licence shows "not configured" again)
  node server/cli.ts notice <title> <html>      publish the notice popup (replaces the current one)
  node server/cli.ts notice --clear             stop showing any notice
  node server/cli.ts outbox [count]             the latest mails written to DATA_DIR/outbox (no SMTP_URL set)
  node server/cli.ts message <address> <title> <body>   send a message to one user's notifications
  node server/cli.ts reconcile                  the ledger's full reconciliation (exit code 1 when not consistent)
${OPERATOR_USAGE}

Keys: ${CONFIG_KEYS.join(', ')}
Uses DATABASE_URL when set, else the PGlite data directory under DATA_DIR (default ./data).
A PGlite directory can be open in one process only: stop the server first, or use PostgreSQL.`

function configKey(name: string | undefined): ConfigKey {
  const key = ConfigKey.safeParse(name)
  if (!key.success) throw new Error(`Unknown key "${name}". Keys: ${CONFIG_KEYS.join(', ')}`)
  return key.data
}

/** The command as a database action, checked before any database is opened. */
function parse([command, ...rest]: string[]): ((db: Db) => Promise<string>) | Promise<(db: Db) => Promise<string>> {
  if (command === 'operator') return operatorCommand(rest, readEnv().app.platformName ?? 'Keelson', USAGE)
  if (command === 'set-config' && rest.length === 2) {
    const [key, value] = [configKey(rest[0]), rest[1]!]
    if (!configValueFits(key, value)) throw new Error(`"${value}" is not a valid value for ${key}.`)
    return async (db) => (await setConfigValue(db, key, value), `${key} = ${value}`)
  }
  if (command === 'unset-config' && rest.length === 1) {
    const key = configKey(rest[0])
    return async (db) => (await setConfigValue(db, key, null), `${key} unset`)
  }
  if (command === 'notice' && rest.length === 1 && rest[0] === '--clear') {
    return async (db) => `${await clearNotices(db)} notice(s) cleared`
  }
  if (command === 'notice' && rest.length === 2 && rest[0]!.trim() !== '') {
    const [title, html] = [rest[0]!, rest[1]!]
    return async (db) => `notice ${(await publishNotice(db, title, html)).id} published`
  }
  if (command === 'message' && rest.length === 3) {
    const [address, title, body] = [rest[0]!, rest[1]!, rest[2]!]
    checkMessageArgs(address, title, body)
    return (db) => sendMessageFromCli(db, address, title, body, process.env.REDIS_URL || undefined, readEnv().app.deploymentName)
  }
  if (command === 'reconcile' && rest.length === 0) {
    return async (db) => {
      const found = await reconcileBooks(db)
      if (!found.ok) process.exitCode = 1
      return formatReconciliation(found)
    }
  }
  throw new Error(USAGE)
}

async function run(args: string[]): Promise<string> {
  const action = await parse(args)
  const env = readEnv()
  const handle = await openDb({ url: env.app.databaseUrl, dataDir: env.app.databaseUrl ? undefined : env.app.pgliteDir })
  try {
    await migrateDb(handle)
    return await action(handle.db)
  } finally {
    await handle.close()
  }
}

/** The outbox is files, not the database: it reads while the server runs. */
async function outbox(count = '10'): Promise<string> {
  const limit = Number(count)
  if (!Number.isInteger(limit) || limit < 1) throw new Error(USAGE)
  const mails = await readOutbox(join(readEnv().dataDir, 'outbox'), limit)
  if (mails.length === 0) return 'The outbox is empty.'
  return mails.map((m) => `${new Date(m.sentAt).toISOString()}  to ${m.to}\n  ${m.subject}\n  ${m.text}`).join('\n\n')
}

const args = process.argv.slice(2)
if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
  console.log(USAGE)
} else if (args[0] === 'outbox' && args.length <= 2) {
  try {
    console.log(await outbox(args[1]))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
} else {
  try {
    console.log(await run(args))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
