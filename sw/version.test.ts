import { describe, expect, it } from 'vitest'
import { precacheVersion } from './version.ts'

describe('precacheVersion', () => {
  const build = [{ url: '/index.html', revision: 'a1' }, { url: '/assets/app-x1.js', revision: null }]
  it('is the same for the same files in any order, and differs when one file changes', () => {
    expect(precacheVersion(build)).toMatch(/^[0-9a-f]{8}$/)
    expect(precacheVersion([...build].reverse())).toBe(precacheVersion(build))
    expect(precacheVersion([{ url: '/index.html', revision: 'a2' }, build[1]!])).not.toBe(precacheVersion(build))
  })
})
