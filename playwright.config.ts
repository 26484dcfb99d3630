import { defineConfig } from '@playwright/test'

// Real Chromium from Debian (never a downloaded browser), against the built app served by the real server on an
// embedded PGlite in a fresh temporary folder.
const PORT = Number(process.env.E2E_PORT ?? 8190)
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'off',
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 428, height: 926 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } },
    // design.spec.ts sets its own widths (320, 428, 1440) and runs once, under the mobile project.
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } }, testIgnore: /design\.spec\.ts/ },
  ],
  webServer: {
    command: 'node tests/e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A loaded machine (CI beside other jobs) has taken ~55 s to start the server and migrate a fresh PGlite.
    timeout: 120_000,
    env: { PORT: String(PORT) },
  },
})
