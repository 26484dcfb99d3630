// `node server/cli.ts operator add|remove|list`: operators are made on the server's machine, never through the web.
// The password comes from a hidden prompt, or from the first line of stdin when stdin is not a terminal (scripts).
// `add` prints the TOTP secret, its otpauth:// URI and a QR code once: they are not shown again.
import QRCode from 'qrcode'
import { OPERATOR_ROLES, type OperatorRole } from '#contract/ops.ts'
import type { Db } from '../../db/client.ts'
import { addOperator, listOperators, newOperatorIssue, removeOperator, setOperatorRoles } from './operators.ts'

export const OPERATOR_USAGE = `  node server/cli.ts operator add <name> --roles <roles>   create an operator (password from a prompt or stdin)
  node server/cli.ts operator remove <name>     remove an operator (their sessions end; the audit log keeps them)
  node server/cli.ts operator roles <name> --roles <roles>   change an operator's roles (audited)
  node server/cli.ts operator list              operators and their roles
  Roles: ${OPERATOR_ROLES.join(', ')} (admin may do everything)`

type Action = (db: Db) => Promise<string>

/** Reads a line without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin
  return new Promise((resolve, reject) => {
    process.stderr.write(question)
    let value = ''
    const done = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(), resolve(value)
        if (ch === '\u0003' || ch === '\u0004') return done(), reject(new Error('Cancelled.'))
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch
      }
    }
    stdin.setRawMode(true)
    stdin.setEncoding('utf8')
    stdin.on('data', onData)
    stdin.resume()
  })
}

async function readPassword(stdin: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string> {
  if (stdin.isTTY) {
    const password = await promptHidden('Password: ')
    if ((await promptHidden('Password again: ')) !== password) throw new Error('The passwords differ.')
    return password
  }
  let input = ''
  for await (const chunk of stdin) input += String(chunk)
  return input.split(/\r?\n/)[0] ?? ''
}

function rolesOf(rest: string[]): OperatorRole[] {
  const at = rest.indexOf('--roles')
  const value = at >= 0 ? rest[at + 1] : undefined
  return (value ?? '').split(',').map((r) => r.trim()).filter(Boolean) as OperatorRole[]
}

/** The command as a database action; asks for the password before any database is opened. */
export async function operatorCommand(
  [sub, ...rest]: string[],
  issuer: string,
  usage: string,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<Action> {
  if (sub === 'list' && rest.length === 0) {
    return async (db) => {
      const all = await listOperators(db)
      if (all.length === 0) return 'No operators yet: node server/cli.ts operator add <name> --roles admin'
      return all.map((o) => `${o.name.padEnd(24)} ${o.roles.join(',').padEnd(32)} since ${o.createdAt.toISOString()}`).join('\n')
    }
  }
  if (sub === 'remove' && rest.length === 1) {
    const name = rest[0]!
    return async (db) => {
      if (!(await removeOperator(db, name))) throw new Error(`No operator named "${name}".`)
      return `operator ${name} removed`
    }
  }
  if (sub === 'roles' && rest.length === 3 && rest[1] === '--roles') {
    const [name, roles] = [rest[0]!, rolesOf(rest)]
    const issue = newOperatorIssue({ name, roles, password: 'x'.repeat(1000) })
    if (issue) throw new Error(issue)
    return async (db) => `operator ${name} now has roles ${(await setOperatorRoles(db, name, roles)).join(', ')}`
  }
  if (sub === 'add' && rest.length === 3 && rest[1] === '--roles') {
    const [name, roles] = [rest[0]!, rolesOf(rest)]
    // Name and roles are checked before the password is asked for.
    const early = newOperatorIssue({ name, roles, password: 'x'.repeat(1000) })
    if (early) throw new Error(early)
    const password = await readPassword(stdin)
    const issue = newOperatorIssue({ name, roles, password })
    if (issue) throw new Error(issue)
    return async (db) => {
      const { operator, secret, uri } = await addOperator(db, { name, password, roles }, issuer)
      const qr = await QRCode.toString(uri, { type: 'terminal', small: true })
      return [
        `operator ${operator.name} created with roles ${operator.roles.join(', ')}`,
        'Add this to an authenticator app now; it is not shown again.',
        `TOTP secret: ${secret}`,
        `URI: ${uri}`,
        qr,
      ].join('\n')
    }
  }
  throw new Error(usage)
}
