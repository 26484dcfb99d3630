import { defineConfig } from 'vitest/config'
import babel from '@rolldown/plugin-babel'
import { linguiTransformerBabelPreset, lingui } from '@lingui/vite-plugin'

// Two suites: the app's unit tests (beside their source) and the server's endpoint tests, which build the app on
// in-memory PGlite, or on DATABASE_URL / REDIS_URL when those are set.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Files share a worker and the libraries it loaded (seconds to import per file on a busy machine); the
          // server's own modules are evaluated again for each file (server/test/fresh-modules.ts).
          isolate: false,
          setupFiles: ['server/test/fresh-modules.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
