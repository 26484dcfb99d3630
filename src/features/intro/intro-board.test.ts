import { describe, expect, it } from 'vitest'
import { shouldShowIntro } from './components/intro-board.tsx'

describe('shouldShowIntro', () => {
  const url = (p: string) => new URL(`https://app.example${p}`)
  it('shows once per session on the default platform', () => {
    expect(shouldShowIntro('default', url('/'), null)).toBe(true)
    expect(shouldShowIntro('default', url('/'), '1')).toBe(false)
  })
  it('is skipped on the fresh platform and for a password-change link', () => {
    expect(shouldShowIntro('fresh', url('/'), null)).toBe(false)
    expect(shouldShowIntro('default', url('/changepwd?access=abc'), null)).toBe(false)
  })
})
