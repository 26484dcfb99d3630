// npm run dev: the API server with --watch (restarts on server or contract changes) and Vite with hot reload for
// the app on http://localhost:5173, proxying /api and /ws to the server.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=src/contract', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
