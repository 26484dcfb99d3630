// What a newcomer sees when starting the server: one line for each failure (a busy port before any data folder
// exists, an unreachable Redis by its address, a Node too old), and a last line saying where to open the app.
// Each test starts a real server process (PGlite, migrations): slow on a busy machine, hence the long timeouts.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url)
const work = mkdtempSync(join(tmpdir(), 'keelson-main-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Run = { code: number | null; stdout: string; stderr: string }

/** Runs `node server/main.ts`; once it says where to open the app, calls `whenRunning` and stops it (SIGTERM). */
function start(env: Record<string, string>, whenRunning?: (url: string, stdout: () => string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', TICK_MS: '0', HOST: '127.0.0.1', ...env },
    })
    let stdout = ''
    let stderr = ''
    let running = false
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
      const url = /Keelson is running: open (\S+)\n/.exec(stdout)?.[1]
      if (!url || running || !whenRunning) return
      running = true
      whenRunning(url, () => stdout).then(() => child.kill('SIGTERM'), (error: unknown) => (child.kill('SIGKILL'), reject(error)))
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

function listening(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}
/** This machine's address on its network, if it has one (the server must not answer there by default). */
const lanAddress = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address

const portOf = (server: Server) => (server.address() as { port: number }).port

describe('node server/main.ts', () => {
  it('on a busy port says so in one line and exits 1 before creating any data folder', async () => {
    const taken = await listening()
    const dataDir = join(work, 'busy-port')
    try {
      const run = await start({ PORT: String(portOf(taken)), DATA_DIR: dataDir })
      expect(run.code).toBe(1)
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Keelson could not start: port ${portOf(taken)} is in use`))])
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      taken.close()
    }
  }, 60_000)

  it('names the Redis address it could not reach, in one line', async () => {
    // A port that was just free: nothing answers there.
    const closed = await listening()
    const port = portOf(closed)
    await new Promise((resolve) => closed.close(resolve))
    const run = await start({ PORT: '0', DATA_DIR: join(work, 'redis'), REDIS_URL: `redis://127.0.0.1:${port}` })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([`Keelson could not start: Redis at 127.0.0.1:${port} is unreachable (connect ECONNREFUSED 127.0.0.1:${port}); check REDIS_URL`])
  }, 120_000)

  it('ends its start with one plain line saying where to open the app, the app is there, and says it again after the requests', async () => {
    const staticDir = join(work, 'app')
    mkdirSync(staticDir)
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Keelson test app</title>')
    let page = ''
    const running = /^Keelson is running: open http:\/\/localhost:\d+$/
    let fromNetwork: unknown = 'not tried'
    // HOST unset: only this machine may connect.
    const run = await start({ PORT: '0', DATA_DIR: join(work, 'ok'), STATIC_DIR: staticDir, HOST: '' }, async (url, stdout) => {
      page = await (await fetch(url)).text()
      if (lanAddress) fromNetwork = await fetch(url.replace('localhost', lanAddress)).then((r) => r.status, (error: Error) => error.message)
      await fetch(`${url}/api/health`)
      // The line comes again once the request logs have been quiet for a moment.
      await expect.poll(() => stdout().trim().split('\n').at(-1), { timeout: 20_000, interval: 100 }).toMatch(running)
    })
    expect(page).toContain('Keelson test app')
    if (lanAddress) expect(fromNetwork).toBe('fetch failed')
    const lines = run.stdout.trim().split('\n')
    const started = lines.findIndex((line) => running.test(line))
    expect(started).toBeGreaterThan(0)
    // Before it the start's log lines; after it only what the test caused (its requests, the line again, the shutdown).
    const after = lines.slice(started + 1)
    expect(after.some((line) => line.includes('listening'))).toBe(false)
    const again = after.findIndex((line) => running.test(line))
    expect(after.slice(0, again).filter((line) => line.includes('"reqId"'))).toHaveLength(2)
    expect(run.code).toBe(0)
  }, 120_000)
})

// The system's Node, when it is older than the engines of package.json (Debian's Node 20 on the CI machine).
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  if (!existsSync(path)) return false
  const major = Number(execFileSync(path, ['-p', 'process.versions.node']).toString().split('.')[0])
  return major < 24
})

// Skipped only where no Node older than 24 is installed to try it with.
describe.skipIf(!oldNode)('an old Node', () => {
  it('gets one line with the fix from the preflight that npm install, test, start and dev run first, and exit code 1', () => {
    let failure: { status: number; stdout: Buffer; stderr: Buffer } | undefined
    try {
      execFileSync(oldNode!, ['scripts/check-node.mjs'], { cwd: root, stdio: 'pipe' })
    } catch (error) {
      failure = error as typeof failure
    }
    expect(failure?.status).toBe(1)
    expect(failure?.stderr.toString()).toBe(
      `Keelson needs Node.js 24 or newer, this is ${execFileSync(oldNode!, ['-v']).toString().trim()}. Fix: ` +
        'npm install --prefix ~/.cache/node24 node@24 && export PATH=~/.cache/node24/node_modules/node/bin:$PATH\n',
    )
  })

  it.each(['start', 'dev', 'test'])('gets that one line from npm %s', (script) => {
    const npm = join(oldNode!, '..', 'npm')
    let failure: { status: number; stderr: Buffer } | undefined
    try {
      execFileSync(npm, ['run', script], { cwd: root, stdio: 'pipe', env: { ...process.env, PATH: `${join(oldNode!, '..')}:/bin` } })
    } catch (error) {
      failure = error as typeof failure
    }
    expect(failure?.status).toBe(1)
    // npm's own warnings about this machine's npm configuration aside.
    const lines = failure!.stderr.toString().trim().split('\n').filter((line) => !line.startsWith('npm warn'))
    expect(lines).toEqual([expect.stringMatching(/^Keelson needs Node\.js 24 or newer, .*Fix: npm install --prefix ~\/\.cache\/node24 node@24 /)])
  })

  it('is not bothered by the preflight on a current Node', () => {
    expect(execFileSync(process.execPath, ['scripts/check-node.mjs'], { cwd: root }).toString()).toBe('')
  })
})
