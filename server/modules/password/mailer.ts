// Outgoing mail. With an SMTP URL, nodemailer sends it. Without one (the embedded mode), each mail is written as a
// JSON file into <DATA_DIR>/outbox/ for the operator to read (`node server/cli.ts outbox`); an in-memory test app
// has no data directory, so its mails are only kept in memory. The last mails are always kept in memory for tests.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'

export type Mail = { id: string; to: string; subject: string; text: string; sentAt: number }

export type MailOptions = {
  /** smtp://user:pass@host:port or smtps://...; absent means the outbox. */
  smtpUrl?: string
  /** Where the outbox files go; absent means memory only. */
  outboxDir?: string
  /** The From header. */
  from?: string
}

export type Mailer = {
  send: (mail: Omit<Mail, 'id' | 'sentAt'>) => Promise<void>
  /** The latest mails, newest last (tests read them). */
  sent: Mail[]
  /** Logs a send that failed where nobody awaits it. */
  onError: (error: unknown) => void
}

const KEEP_IN_MEMORY = 100

export function createMailer(options: MailOptions, now: () => number, log: FastifyBaseLogger): Mailer {
  const sent: Mail[] = []
  // nodemailer is loaded by the first mail, not at every start (bench:start).
  const smtpUrl = options.smtpUrl
  let smtp: ReturnType<typeof connect> | undefined
  const connect = (url: string) => import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url))
  const transport = smtpUrl ? { sendMail: async (message: { from: string; to: string; subject: string; text: string }) => (await (smtp ??= connect(smtpUrl))).sendMail(message) } : null
  const from = options.from ?? 'Keelson <no-reply@localhost>'
  return {
    sent,
    onError: (error) => log.error({ err: error }, 'mail could not be sent'),
    async send(input) {
      const mail: Mail = { id: randomUUID(), sentAt: now(), ...input }
      sent.push(mail)
      if (sent.length > KEEP_IN_MEMORY) sent.shift()
      if (transport) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
      } else if (options.outboxDir) {
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 })
        // The time first, so the names sort by sending order.
        const name = `${String(mail.sentAt).padStart(15, '0')}-${mail.id}.json`
        await writeFile(join(options.outboxDir, name), JSON.stringify(mail, null, 2), { mode: 0o600 })
      }
      log.info({ mailId: mail.id, smtp: Boolean(transport) }, 'mail sent')
    },
  }
}

/** The newest `limit` mails of an outbox directory, newest first. */
export async function readOutbox(outboxDir: string, limit = 20): Promise<Mail[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[])
  const latest = names.filter((n) => n.endsWith('.json')).sort().reverse().slice(0, limit)
  return Promise.all(latest.map(async (n) => JSON.parse(await readFile(join(outboxDir, n), 'utf8')) as Mail))
}
