// npm run bench:signups — 1 000 first sign-ins at once (wallets that really sign), through the app as a browser
// calls it (app.inject: routing, validation, signature check, user, session, then onUserCreated: inviter, welcome
// message, demo funds). PostgreSQL with DATABASE_URL (what it is for: many connections at once), else PGlite.
// Prints sign-ins/s, p50/p99 latency, how many postings were retried after a deadlock or a serialization failure
// (ledger/db-errors.ts counts them; a deadlock retry would mean locks are taken in different orders somewhere), and
// checks that every new user holds exactly the demo funds.
// Env: BENCH_SIGNUPS (1000).
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { signInMessage } from '../src/contract/auth.ts'
import { buildApp } from '../server/app.ts'
import { retryCounts } from '../server/ledger/db-errors.ts'

const COUNT = Number(process.env.BENCH_SIGNUPS ?? 1000)

const app = await buildApp({
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  // Its Redis channels: DEPLOYMENT_NAME, else this database's own (never another deployment's).
  deploymentName: process.env.DEPLOYMENT_NAME || undefined,
  logger: false,
  tickMs: 0,
  rateLimit: { max: 1_000_000, signInMax: 1_000_000 },
})
await app.ready()

// Signed before the clock starts: the bench measures the server, not the wallets.
const timeStamp = Date.now()
const message = signInMessage(timeStamp)
const payloads = await Promise.all(
  Array.from({ length: COUNT }, async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    return { address: wallet.address, message, sign: await wallet.signMessage({ message }), timeStamp }
  }),
)

console.log(`sign-up bench on ${process.env.DATABASE_URL ? 'pg' : 'pglite'}: ${COUNT} first sign-ins at once`)
const latencies: number[] = []
const tokens: string[] = []
let failed = 0
const started = performance.now()
await Promise.all(
  payloads.map(async (payload) => {
    const at = performance.now()
    const res = await app.inject({ method: 'POST', url: '/api/checkSign', payload })
    latencies.push(performance.now() - at)
    if (res.statusCode === 200) tokens.push((res.json() as { data: string }).data)
    else {
      failed++
      if (failed <= 3) console.error(`failed: ${res.statusCode} ${res.body}`)
    }
  }),
)
const seconds = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
console.log(`${(COUNT / seconds).toFixed(0)} sign-ins/s, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, failed ${failed}`)
console.log(`retries: deadlock ${retryCounts.deadlock}, serialization ${retryCounts.serialization}`)

// Every new user was funded once, by the sign-up itself: one demo funding journal each, for the whole amount.
const addresses = payloads.map((p) => p.address)
const { rows } = (await app.db.execute(sql`
  SELECT count(*)::int AS funded, count(*) FILTER (WHERE e.amount <> 10000)::int AS wrong
  FROM users u JOIN journals j ON j.idempotency_key = 'demo-funding:' || u.id
  JOIN entries e ON e.journal_id = j.id AND e.amount > 0
  WHERE u.address IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))`)) as unknown as { rows: { funded: number; wrong: number }[] }
console.log(`funded: ${rows[0]!.funded} of ${COUNT} new users, wrong amounts: ${rows[0]!.wrong}`)
await app.close()
if (failed > 0 || retryCounts.deadlock > 0 || rows[0]!.funded !== COUNT) process.exitCode = 1
