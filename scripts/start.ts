// npm start: build the app when dist/ is missing or older than anything the build reads, then run one server on
// :8080 that serves the app, /api and /ws, with embedded PGlite under ./data and the price simulator.
// The build prints one line per bundle; Vite's full output is shown only when a build fails.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Everything the three builds read: sources, configs, the catalogs, the dependency set. */
export const BUILD_INPUTS = [
  'src', 'sw', 'locales', 'public', 'index.html', 'ops.html', 'scripts/vite-client-contract.ts',
  'vite.config.ts', 'vite.walletconnect.config.ts', 'vite.ops.config.ts', 'lingui.config.ts', 'tsconfig.json',
  'package.json', 'package-lock.json', '.env', '.env.local', '.env.production', '.env.production.local',
]

/** One line each; the same three builds as `npm run build`, which prints Vite's full output instead. */
const BUNDLES = [
  { name: 'app', config: 'vite.config.ts', output: 'dist/index.html' },
  { name: 'WalletConnect', config: 'vite.walletconnect.config.ts', output: 'dist/walletconnect/entry.json' },
  { name: 'operator console', config: 'vite.ops.config.ts', output: 'dist/ops.html' },
]

/** Newest modification time under a path (0 when it does not exist). */
export function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

/** A build is stale when any bundle is missing or older than the newest input. */
export function needsBuild(root = '.'): boolean {
  const built = Math.min(...BUNDLES.map((bundle) => newest(join(root, bundle.output))))
  return built === 0 || built < Math.max(...BUILD_INPUTS.map((input) => newest(join(root, input))))
}

/** Bytes of the scripts and styles under a folder, and of their gzip copies (the precompress plugin's .gz). */
function weigh(dir: string, skip: (path: string) => boolean): { files: number; bytes: number; gzip: number } {
  const total = { files: 0, bytes: 0, gzip: 0 }
  const walk = (path: string) => {
    if (skip(path)) return
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => walk(join(path, name)))
    if (!/\.(js|css)$/.test(path)) return
    total.files += 1
    total.bytes += statSync(path).size
    total.gzip += existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : statSync(path).size
  }
  walk(dir)
  return total
}

const KB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

function summary(name: string): string {
  const weight =
    name === 'app'
      ? weigh('dist', (path) => path === join('dist', 'walletconnect') || path === join('dist', 'ops'))
      : weigh(name === 'WalletConnect' ? 'dist/walletconnect' : 'dist/ops', () => false)
  return `${weight.files} ${weight.files === 1 ? 'file' : 'files'}, ${KB(weight.bytes)} of scripts and styles (${KB(weight.gzip)} gzip)`
}

/** Runs one Vite build quietly; its output is kept for the case it fails. */
function viteBuild(config: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const vite = join('node_modules', 'vite', 'bin', 'vite.js')
    // No colour codes when the output goes to a file or a CI log.
    const env = { ...process.env, ...(process.stdout.isTTY ? {} : { NO_COLOR: '1', FORCE_COLOR: '0' }) }
    const child = spawn(process.execPath, [vite, 'build', '-c', config], { env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** Prepares the first start's database (scripts/prepare-pglite.ts) in a process of its own, beside the build. */
function preparePglite(): Promise<void> {
  return new Promise((resolve) => {
    // It warns, never fails: the server prepares it on start when it is missing.
    const child = spawn(process.execPath, [join('scripts', 'prepare-pglite.ts')], { stdio: 'inherit' })
    child.on('close', () => resolve())
  })
}

async function build() {
  console.log('Building the app (a minute or two the first time)…')
  const prepared = process.env.DATABASE_URL ? Promise.resolve() : preparePglite()
  for (const bundle of BUNDLES) {
    const started = performance.now()
    const { code, output } = await viteBuild(bundle.config)
    if (code !== 0) {
      process.stderr.write(output)
      console.error(`Keelson could not start: the ${bundle.name} build failed (Vite's output above).`)
      process.exit(1)
    }
    // A warning left in Vite's output is new (the known ones are fixed or filtered in the configs): show it.
    for (const line of output.split('\n').filter((line) => /\bwarn/i.test(line))) console.warn(`  ${line.trim()}`)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`  built ${bundle.name}: ${summary(bundle.name)} in ${seconds} s`)
  }
  await prepared
}

if (import.meta.main) {
  if (needsBuild()) await build()
  process.env.STATIC_DIR ??= 'dist'
  await import('../server/main.ts')
}
