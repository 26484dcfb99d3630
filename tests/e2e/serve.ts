// Starts the real server for the browser tests: the built app from dist/, a fresh PGlite data folder, and rate
// limits high enough for many sign-ins from one address.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'keelson-e2e-'))
// Tests read the mail outbox of this server (DATA_DIR/outbox); they find the folder through this file (in the
// temp folder, not test-results/, which Playwright empties at the start of a run).
writeFileSync(join(tmpdir(), `keelson-e2e-data-dir-${process.env.PORT ?? '8190'}.txt`), process.env.DATA_DIR)
process.env.STATIC_DIR ??= 'dist'
process.env.HOST ??= '127.0.0.1'
process.env.RATE_LIMIT_MAX ??= '100000'
process.env.RATE_LIMIT_SIGNIN_MAX ??= '100000'
// Every browser of the run connects from this one address.
process.env.SOCKETS_PER_ADDRESS ??= '100000'
process.env.LOG_LEVEL ??= 'warn'
// NFT auctions end when their time says (tests/e2e/nft-auctions.spec.ts): no anti-sniping extension here.
process.env.NFT_EXTEND_WINDOW_SECONDS ??= '0'
// Test-only routes (POST /api/test/sendMessage), see server/modules/messages/test-hooks.routes.ts.
process.env.E2E_TEST_HOOKS = '1'
// "Continue with Google" against a local OpenID provider (nothing hosted is reachable): started first, on
// E2E_OIDC_PORT (PORT + 20000 by default), so the server's settings can name it. Facebook stays unconfigured, so its
// button must not show.
const { startTestProvider, TEST_CLIENT } = await import('../../server/test/oidc-provider.ts')
const appPort = process.env.PORT ?? '8190'
const oidc = await startTestProvider({
  port: Number(process.env.E2E_OIDC_PORT ?? Number(appPort) + 20000),
  redirectUris: [`http://127.0.0.1:${appPort}/api/oidc/google/callback`],
  anyEmail: true,
})
process.env.OIDC_GOOGLE_ISSUER = oidc.issuer
process.env.OIDC_GOOGLE_CLIENT_ID = TEST_CLIENT.clientId
process.env.OIDC_GOOGLE_CLIENT_SECRET = TEST_CLIENT.clientSecret
await import('../../server/main.ts')
