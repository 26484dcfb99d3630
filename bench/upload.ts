// npm run bench:upload — can the server re-encode many large photos at once without its memory running away?
// One server (node server/main.ts, PGlite and UPLOAD_DIR in a temporary DATA_DIR) on loopback; BENCH_UPLOADS (20)
// signed-in users each send an ~8 MB, 12-megapixel JPEG (camera noise, so it does not compress away) to /api/imgUpload
// at the same moment. Prints the server's resident memory before and its peak (the kernel's VmHWM, so no short peak
// between samples is missed), the wall time and each upload's latency. Target: peak RSS under 1 GB; exits 1 above.
// The server runs with MALLOC_ARENA_MAX=2, as docs/operations.md advises for production: glibc's default of one malloc
// arena per thread lets libvips' threads keep freed memory (about +350 MB for 20 photos instead of +180 MB).
// Env: BENCH_UPLOADS (20), BENCH_PORT (8340), BENCH_ROUNDS (1), MALLOC_ARENA_MAX (2; 'default' for glibc's own).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { signInMessage } from '../src/contract/auth.ts'
import { noisyJpeg } from '../server/modules/uploads/test-files.ts'

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20)
const PORT = Number(process.env.BENCH_PORT ?? 8340)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const LIMIT_BYTES = 1024 * 1024 * 1024
const BASE = `http://127.0.0.1:${PORT}`
const MB = 1024 * 1024

const work = mkdtempSync(join(tmpdir(), 'keelson-bench-upload-'))

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

async function waitUp(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${BASE}/api/health/ledger`).then((r) => r.status < 500, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not start')
}

async function signIn(): Promise<string> {
  const wallet = privateKeyToAccount(generatePrivateKey())
  const timeStamp = Date.now()
  const message = signInMessage(timeStamp)
  const body = { address: wallet.address, message, sign: await wallet.signMessage({ message }), timeStamp }
  const res = await fetch(`${BASE}/api/checkSign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await res.json()) as { code: number; data: string }
  if (json.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(json)}`)
  return json.data
}

async function upload(token: string, photo: Buffer): Promise<number> {
  const form = new FormData()
  form.append('purpose', 'kyc')
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  const started = performance.now()
  const res = await fetch(`${BASE}/api/imgUpload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  const json = (await res.json()) as { code: number; msg: string }
  if (json.code !== 200) throw new Error(`upload failed: ${res.status} ${json.msg}`)
  return performance.now() - started
}

const arenaSetting = process.env.MALLOC_ARENA_MAX ?? '2'
const arenas: Record<string, string> = arenaSetting === 'default' ? {} : { MALLOC_ARENA_MAX: arenaSetting }
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: new URL('..', import.meta.url),
  env: { ...process.env, ...arenas, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', TICK_MS: '0', RATE_LIMIT_SIGNIN_MAX: '10000', RATE_LIMIT_MAX: '10000' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  rmSync(work, { recursive: true, force: true })
}

try {
  const photos = await Promise.all([noisyJpeg(4000, 3000, 88), noisyJpeg(3000, 4000, 88)])
  await waitUp()
  const tokens = await Promise.all(Array.from({ length: UPLOADS }, signIn))
  const before = memoryOf(server.pid!)
  // The peak so far is the start's (migrations, PGlite): count from here (Linux: 5 resets VmHWM to the current RSS).
  try {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
  } catch {
    console.log(`(could not reset the peak: it includes the start's, ${(before.peak / MB).toFixed(0)} MB)`)
  }
  let maxRss = before.rss
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(server.pid!).rss)), 50)
  const latencies: number[] = []
  const started = performance.now()
  for (let round = 0; round < ROUNDS; round++) {
    latencies.push(...(await Promise.all(tokens.map((token, i) => upload(token, photos[i % photos.length]!)))))
  }
  const wall = performance.now() - started
  clearInterval(sampler)
  const after = memoryOf(server.pid!)
  latencies.sort((a, b) => a - b)
  const peak = Math.max(after.peak, maxRss)
  console.log(`server: PGlite, MALLOC_ARENA_MAX=${arenaSetting}`)
  console.log(`photos: ${photos.map((p) => `${(p.length / MB).toFixed(1)} MB`).join(', ')} (4000 × 3000 JPEG), ${UPLOADS} at once × ${ROUNDS} round(s)`)
  console.log(`wall: ${(wall / 1000).toFixed(2)} s, ${((UPLOADS * ROUNDS) / (wall / 1000)).toFixed(2)} photos/s`)
  console.log(`latency: p50 ${(latencies[Math.floor(latencies.length / 2)]! / 1000).toFixed(2)} s, max ${(latencies.at(-1)! / 1000).toFixed(2)} s`)
  console.log(`server RSS: ${(before.rss / MB).toFixed(0)} MB before (start's peak ${(before.peak / MB).toFixed(0)} MB), peak while uploading ${(peak / MB).toFixed(0)} MB (limit ${LIMIT_BYTES / MB} MB)`)
  console.log(peak < LIMIT_BYTES ? 'OK: under 1 GB' : 'FAIL: the server passed 1 GB')
  process.exitCode = peak < LIMIT_BYTES ? 0 : 1
} finally {
  stop()
}
