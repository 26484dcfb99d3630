// The operator CLI writes to the same database the server reads. Always on a PGlite directory of its own, so it
// never touches settings in a shared PostgreSQL that other tests read.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { call, cliProcess, cliRunner } from './test/helpers.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'keelson-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const cli = cliRunner(dataDir)
const cliAlone = cliProcess(dataDir)

describe('server/cli.ts', () => {
  it('prints its usage, naming the one-process rule of PGlite', async () => {
    const res = await cliAlone('--help')
    expect(res.code).toBe(0)
    expect(res.out).toContain('set-config <key> <value>')
    expect(res.out).toContain('one process only')
  })

  it('sets a setting and publishes a notice that the server then answers', async () => {
    expect((await cli('set-config', 'licence', 'Licence No. 42')).code).toBe(0)
    expect((await cli('notice', 'Hello', '<p>Welcome</p>')).code).toBe(0)
    const app = await buildApp({ pgliteDir: join(dataDir, 'pglite'), tickMs: 0 })
    try {
      const licence = await call(app, 'GET', '/api/getConfigValue?configKey=licence')
      expect(licence.body.data).toEqual({ configKey: 'licence', value: 'Licence No. 42' })
      const notice = await call(app, 'GET', '/api/getNotice')
      expect(notice.body.data).toMatchObject({ noticeTitle: 'Hello', noticeContent: '<p>Welcome</p>' })
      // While the server holds the directory, the CLI refuses instead of corrupting it.
      // (another process: this one holds the directory)
      const busy = await cliAlone('notice', '--clear')
      expect(busy.code).toBe(1)
      expect(busy.out).toContain('is in use by process')
    } finally {
      await app.close()
    }
    expect((await cli('notice', '--clear')).out).toContain('1 notice(s) cleared')
  }, 120_000)

  it('refuses a key the app may not read', async () => {
    const res = await cli('set-config', 'adminPassword', 'x')
    expect(res.code).toBe(1)
    expect(res.out).toContain('Unknown key')
  }, 60_000)

  it('refuses a value that does not fit its setting', async () => {
    const res = await cli('set-config', 'chatProvider', 'javascript:alert(1)')
    expect(res.code).toBe(1)
    expect(res.out).toContain('is not a valid value for chatProvider')
  }, 60_000)
})
