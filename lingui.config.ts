import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { LANGUAGES } from './src/contract/locales.ts'

export default defineConfig({
  sourceLocale: 'en-US',
  locales: LANGUAGES.map((l) => l.bcp47),
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
})
