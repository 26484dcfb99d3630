import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LEGACY_PATHS, legacyTarget } from './legacy-paths.ts'

// The app's route patterns (the catch-all '/$' left out), read from the generated tree: `{-$type}` is an optional segment, `$type` a required one.
const patterns = [...readFileSync(new URL('../routeTree.gen.ts', import.meta.url), 'utf8').matchAll(/fullPath: '([^']+)'/g)].filter((m) => m[1] !== '/$').map(
  (m) => new RegExp(`^${m[1]!.replace(/\/\{-\$\w+\}/g, '(/[^/]+)?').replace(/\$\w+/g, '[^/]+')}$`),
)

describe('old path names', () => {
  it('each leads to a screen the app has', () => {
    for (const target of Object.values(LEGACY_PATHS)) expect(patterns.some((p) => p.test(target)), target).toBe(true)
  })

  it('none shadows a screen of the app', () => {
    for (const old of Object.keys(LEGACY_PATHS)) expect(patterns.some((p) => p.test(old)), old).toBe(false)
  })

  it('match with a trailing slash or other letter case, and leave other paths alone', () => {
    expect(legacyTarget('/Markets/')).toBe('/trades')
    expect(legacyTarget('/record')).toBe('/profile/records')
    // Deposit is the account area's Deposit screen (the currency list at /cruuency is not where money comes in).
    expect(legacyTarget('/deposit')).toBe('/profile/deposit')
    expect(legacyTarget('/trades')).toBeUndefined()
    expect(legacyTarget('/constructor')).toBeUndefined()
  })
})
