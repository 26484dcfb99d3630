// Without SMTP, mail goes to <DATA_DIR>/outbox as JSON files that the operator reads with `node server/cli.ts outbox`.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, call, runCliIn } from '../../test/helpers.ts'
import { readOutbox } from './mailer.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'keelson-outbox-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the outbox', () => {
  it('writes each mail as a private JSON file that the CLI lists, newest first', async () => {
    const outboxDir = join(dataDir, 'outbox')
    const app = await buildTestApp({ mail: { outboxDir } })
    const email = `outbox.${Date.now()}@example.com`
    try {
      const res = await call(app, 'GET', `/api/getEmailCode?email=${email}&purpose=register`)
      expect(res.status).toBe(200)
      await expect.poll(() => readdirSync(outboxDir).length).toBe(1)
    } finally {
      await app.close()
    }
    const [file] = readdirSync(outboxDir)
    expect(statSync(join(outboxDir, file!)).mode & 0o777).toBe(0o600)
    const [mail] = await readOutbox(outboxDir)
    expect(mail).toMatchObject({ to: email, subject: expect.stringMatching(/\d{6}/) })

    const { out } = await runCliIn(dataDir, ['outbox'])
    expect(out).toContain(`to ${email}`)
    expect(out).toContain(mail!.subject)
  }, 60_000)
})
