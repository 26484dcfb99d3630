// `node server/cli.ts message`, on a PGlite directory of its own (never the shared PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { call, signIn, cliRunner } from '../../test/helpers.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'keelson-cli-message-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const cli = cliRunner(dataDir)

const open = () => buildApp({ pgliteDir: join(dataDir, 'pglite'), tickMs: 0, rateLimit: { signInMax: 100 } })

describe('node server/cli.ts message', () => {
  it('sends a message that the user then finds unread', async () => {
    let app = await open()
    const { wallet } = await signIn(app)
    await app.close()

    const res = await cli('message', wallet.address.toLowerCase(), 'Maintenance', 'Tonight 02:00 UTC')
    expect(res.code).toBe(0)
    expect(res.out).toContain(`sent to ${wallet.address}`)

    app = await open()
    try {
      const { token } = await signIn(app, wallet)
      const page = await call(app, 'GET', '/api/getMyMessage', { token })
      expect((page.body.data as { list: Array<{ title: string; body: string }> }).list[0]).toMatchObject({
        title: 'Maintenance',
        body: 'Tonight 02:00 UTC',
      })
    } finally {
      await app.close()
    }
  }, 120_000)

  it('refuses an unknown address, a malformed one and an empty title', async () => {
    expect((await cli('message', `0x${'1'.repeat(40)}`, 'T', 'B')).out).toContain('No user with the address')
    expect((await cli('message', '0x123', 'T', 'B')).out).toContain('is not a wallet address')
    const empty = await cli('message', `0x${'1'.repeat(40)}`, ' ', 'B')
    expect(empty.code).toBe(1)
    expect(empty.out).toContain('must not be empty')
  }, 60_000)
})
