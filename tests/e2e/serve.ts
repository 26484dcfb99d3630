// Starts the real server for the browser tests: the built app from dist/, a fresh PGlite data folder, and rate
// limits high enough for many sign-ins from one address.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'keelson-e2e-'))
process.env.STATIC_DIR ??= 'dist'
process.env.HOST ??= '127.0.0.1'
process.env.RATE_LIMIT_MAX ??= '100000'
process.env.RATE_LIMIT_SIGNIN_MAX ??= '100000'
process.env.LOG_LEVEL ??= 'warn'
await import('../../server/main.ts')
