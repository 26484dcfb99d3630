// Preflight, run first by `npm start` and `npm run dev` and imported first by server/main.ts. Node older than
// package.json's engines cannot even parse the .ts entry points (or parses them but misses APIs), so this check is
// plain JavaScript that any Node loads, and it says in one line what to do instead of printing a stack.
import { readFileSync } from 'node:fs'

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node
const needed = /(\d+)\.(\d+)/.exec(engines).slice(1).map(Number)
const running = process.versions.node.split('.').map(Number)

if (running[0] < needed[0] || (running[0] === needed[0] && running[1] < needed[1])) {
  console.error(`Keelson needs Node.js ${needed.join('.')} or newer, this is ${process.version}: install a current Node.js (https://nodejs.org) and run it again.`)
  process.exit(1)
}
