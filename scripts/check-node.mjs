// Preflight, run first by npm install (preinstall), npm test, npm start and npm run dev, and imported first by
// server/main.ts. An older Node cannot parse the .ts entry points or misses APIs (fs.globSync), so this is plain
// JavaScript any Node loads, and it prints the one-line fix from the README instead of a stack trace.
import { readFileSync } from 'node:fs'

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node
const needed = /(\d+)(?:\.(\d+))?/.exec(engines).slice(1).map((part) => Number(part || 0))
const running = process.versions.node.split('.').map(Number)

if (running[0] < needed[0] || (running[0] === needed[0] && running[1] < needed[1])) {
  const version = needed[1] ? needed.join('.') : String(needed[0])
  console.error(
    `Keelson needs Node.js ${version} or newer, this is ${process.version}. Fix: ` +
      'npm install --prefix ~/.cache/node24 node@24 && export PATH=~/.cache/node24/node_modules/node/bin:$PATH',
  )
  process.exit(1)
}
