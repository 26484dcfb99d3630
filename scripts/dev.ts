// npm run dev: the API server with --watch (restarts on server or contract changes) and Vite with hot reload for
// the app on http://localhost:5173, proxying /api and /ws to the server.
import { spawn } from 'node:child_process'

// Vite on a fixed port (it stops rather than move to another), so the server's last line can name it.
const VITE_PORT = 5173
const server = spawn(process.execPath, ['--watch-path=server', '--watch-path=src/contract', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${VITE_PORT}` },
})
const children = [server, spawn('npx', ['vite', '--port', String(VITE_PORT), '--strictPort'], { stdio: 'inherit' })]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
