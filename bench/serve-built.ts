// Starts the real server (server/main.ts) on a built app for the browser benches: a fresh PGlite folder, a free
// port, and the built folder given (dist/ unless STATIC_DIR says otherwise). Also builds it when asked.
import { spawn, execSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The browser flags the e2e tests use (playwright.config.ts): Debian's Chromium in a container. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export const staticDir = () => process.env.STATIC_DIR ?? 'dist'

/** Builds the app into staticDir() unless --no-build was given. */
export function buildUnlessAsked(): void {
  if (process.argv.includes('--no-build')) return
  execSync(`npx vite build --outDir ${JSON.stringify(staticDir())} --emptyOutDir`, { stdio: 'ignore' })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type Served = { url: string; stop: () => Promise<void> }

export async function startBuiltServer(): Promise<Served> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'keelson-bench-'))
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir(), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  // PGlite's first start takes a few seconds, and close to a minute on a loaded machine (the e2e server has
  // seen 55 s): give up after two minutes.
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) break
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
    if (ok) return { url, stop }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error('the server did not start')
}
