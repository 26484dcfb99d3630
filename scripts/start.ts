// npm start: build the app when dist/ is missing or older than its sources, then run one server on :8080 that
// serves the app, /api and /ws, with embedded PGlite under ./data and the price simulator.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'vite.walletconnect.config.ts', 'package.json']

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (built < Math.max(...SOURCES.map(newest))) {
  console.log('Building the app…')
  execSync('npm run build', { stdio: 'inherit' })
}
process.env.STATIC_DIR ??= 'dist'
await import('../server/main.ts')
