// npm run bench:size — builds the app and prints the gzip bytes of the JavaScript a first visit to the home page
// loads: the entry and its static imports, the layout and home route chunks with theirs, and the en-US catalog.
// AppKit / WalletConnect must not be in that set (they load only when a project id is configured and used).
// Target: at most 180 KB gzip.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

const TARGET = 180 * 1024
if (!process.argv.includes('--no-build')) execSync('npx vite build', { stdio: 'ignore' })
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>

const wanted = new Set<string>()
const visit = (key: string) => {
  if (wanted.has(key) || !manifest[key]) return
  wanted.add(key)
  for (const dep of manifest[key].imports ?? []) visit(dep)
}
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
visit(entry)
// The home route under the common layout, as autoCodeSplitting names its lazy parts, and the default catalog.
for (const key of Object.keys(manifest)) {
  if (/^src\/routes\/_app(\/index)?\.tsx\?tsr-split/.test(key) || key === 'locales/en-US/messages.po') visit(key)
}

let total = 0
const rows: [string, number][] = []
for (const key of wanted) {
  const file = manifest[key]!.file
  if (!file.endsWith('.js')) continue
  const gz = gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length
  total += gz
  rows.push([file, gz])
}
rows.sort((a, b) => b[1] - a[1])
for (const [file, gz] of rows.slice(0, 15)) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`)
const walletConnect = rows.filter(([f]) => /appkit|walletconnect|w3m/i.test(f))
console.log(`chunks: ${rows.length}`)
console.log(`first-visit JS: ${(total / 1024).toFixed(1)} KB gzip (target ${TARGET / 1024} KB) ${total <= TARGET ? 'OK' : 'OVER'}`)
console.log(`AppKit/WalletConnect chunks on first visit: ${walletConnect.length}`)
