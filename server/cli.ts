// Operator commands against the same database the server uses (DATABASE_URL, else the PGlite under DATA_DIR).
import { CONFIG_KEYS, ConfigKey } from '#contract/config.ts'
import { openDb, type Db } from './db/client.ts'
import { migrateDb } from './db/migrate.ts'
import { readEnv } from './env.ts'
import { clearNotices, publishNotice, setConfigValue } from './modules/config/config.service.ts'

const USAGE = `Usage:
  node server/cli.ts set-config <key> <value>   set a public setting
  node server/cli.ts unset-config <key>         remove it (licence shows "not configured" again)
  node server/cli.ts notice <title> <html>      publish the notice popup (replaces the current one)
  node server/cli.ts notice --clear             stop showing any notice

Keys: ${CONFIG_KEYS.join(', ')}
Uses DATABASE_URL when set, else the PGlite data directory under DATA_DIR (default ./data).
A PGlite directory can be open in one process only: stop the server first, or use PostgreSQL.`

function configKey(name: string | undefined): ConfigKey {
  const key = ConfigKey.safeParse(name)
  if (!key.success) throw new Error(`Unknown key "${name}". Keys: ${CONFIG_KEYS.join(', ')}`)
  return key.data
}

/** The command as a database action, checked before any database is opened. */
function parse([command, ...rest]: string[]): (db: Db) => Promise<string> {
  if (command === 'set-config' && rest.length === 2) {
    const [key, value] = [configKey(rest[0]), rest[1]!]
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
  throw new Error(USAGE)
}

async function run(args: string[]): Promise<string> {
  const action = parse(args)
  const env = readEnv()
  const handle = await openDb({ url: env.app.databaseUrl, dataDir: env.app.databaseUrl ? undefined : env.app.pgliteDir })
  try {
    await migrateDb(handle)
    return await action(handle.db)
  } finally {
    await handle.close()
  }
}

const args = process.argv.slice(2)
if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
  console.log(USAGE)
} else {
  try {
    console.log(await run(args))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
