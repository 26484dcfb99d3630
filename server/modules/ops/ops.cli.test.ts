// `node server/cli.ts operator ...` on a PGlite directory of its own: the secret it prints once signs in.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { call, runCliIn } from '../../test/helpers.ts'
import { totpCode } from './totp.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'keelson-ops-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const cli = (args: string[], stdin = '') => runCliIn(dataDir, args, stdin)

describe('node server/cli.ts operator', () => {
  it('adds an operator whose printed secret signs in, lists it, and removes it', async () => {
    const added = await cli(['operator', 'add', 'alice', '--roles', 'finance,compliance'], 'a long enough password\n')
    expect(added.code).toBe(0)
    expect(added.out).toContain('operator alice created with roles finance, compliance')
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(added.out)![1]!
    expect(added.out).toContain(`otpauth://totp/Keelson%20ops:alice?issuer=Keelson%20ops&secret=${secret}`)

    const duplicate = await cli(['operator', 'add', 'alice', '--roles', 'admin'], 'another long password\n')
    expect(duplicate).toMatchObject({ code: 1, out: expect.stringContaining('An operator named "alice" already exists.') })
    expect((await cli(['operator', 'list'])).out).toMatch(/^alice\s+finance,compliance\s+since /)

    const app = await buildApp({ pgliteDir: join(dataDir, 'pglite'), tickMs: 0, logger: false })
    try {
      const body = { name: 'alice', password: 'a long enough password', code: totpCode(secret, Date.now()) }
      const signedIn = await call(app, 'POST', '/api/ops/signIn', { body })
      expect(signedIn.body.data).toMatchObject({ operator: { name: 'alice', roles: ['finance', 'compliance'] } })
    } finally {
      await app.close()
    }
    expect(await cli(['operator', 'remove', 'alice'])).toMatchObject({ code: 0, out: 'operator alice removed\n' })
    expect((await cli(['operator', 'list'])).out).toContain('No operators yet')
    expect((await cli(['operator', 'remove', 'alice'])).out).toContain('No operator named "alice".')
  }, 120_000)

  it("changes an operator's roles through the audited database function", async () => {
    expect((await cli(['operator', 'add', 'carol', '--roles', 'support'], 'a long enough password\n')).code).toBe(0)
    const changed = await cli(['operator', 'roles', 'carol', '--roles', 'support,finance'])
    expect([changed.code, changed.out.trim()]).toEqual([0, 'operator carol now has roles support, finance'])
    expect((await cli(['operator', 'list'])).out).toMatch(/carol\s+support,finance/)
    expect((await cli(['operator', 'roles', 'nobody', '--roles', 'admin'])).out).toContain('No operator named "nobody".')
    expect((await cli(['operator', 'roles', 'carol', '--roles', 'root'])).code).toBe(1)
    expect((await cli(['operator', 'remove', 'carol'])).code).toBe(0)
  }, 120_000)

  it('refuses a bad name, unknown roles and a short password before creating anything', async () => {
    expect((await cli(['operator', 'add', 'Bob!', '--roles', 'admin'], 'a long enough password\n')).out).toContain('The name is 2 to 40 characters')
    expect((await cli(['operator', 'add', 'bob', '--roles', 'root'], 'a long enough password\n')).out).toContain('Roles: one or more of support')
    const short = await cli(['operator', 'add', 'bob', '--roles', 'admin'], 'short\n')
    expect(short).toMatchObject({ code: 1, out: expect.stringContaining('at least 12 characters') })
    expect((await cli(['operator', 'list'])).out).toContain('No operators yet')
  }, 120_000)
})
