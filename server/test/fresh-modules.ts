// Runs before each server test file. Files share a worker (isolate: false in vitest.config.ts), so the libraries
// (Fastify, Drizzle, PGlite, viem) load once per worker; the server's own modules are evaluated afresh for each file,
// so their module-level state (caches, sets of opened ledger accounts) never carries one file's database into another.
import { vi } from 'vitest'

vi.resetModules()
