import { describe, expect, it } from 'vitest'
import { shouldShowIntro } from './components/intro-board.tsx'

describe('shouldShowIntro', () => {
  const url = (p: string) => new URL(`https://app.example${p}`)
  it('shows once on the default platform', () => {
    expect(shouldShowIntro('default', url('/'), null, false)).toBe(true)
    expect(shouldShowIntro('default', url('/'), '1', false)).toBe(false)
  })
  it('never shows to a signed-in user', () => {
    expect(shouldShowIntro('default', url('/'), null, true)).toBe(false)
  })
  it('is skipped on the fresh platform and for a password-change link', () => {
    expect(shouldShowIntro('fresh', url('/'), null, false)).toBe(false)
    expect(shouldShowIntro('default', url('/changepwd?access=abc'), null, false)).toBe(false)
  })
})
