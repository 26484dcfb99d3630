import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { LANGUAGES } from './src/contract/locales.ts'

export default defineConfig({
  sourceLocale: 'en-US',
  locales: LANGUAGES.map((l) => l.bcp47),
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    // The app's strings: loaded by the browser, one chunk per language.
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*', '**/server-messages*'] },
    // The server's answers (src/contract/server-messages*.ts): read by the server only, kept out of the app bundle.
    { path: '<rootDir>/locales/{locale}/server', include: ['src/contract/server-messages.ts', 'src/contract/server-messages-*.ts'] },
  ],
  format: formatter({ lineNumbers: false }),
})
