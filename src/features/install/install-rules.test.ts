import { describe, expect, it } from 'vitest'
import { NOT_NOW_MS, installOffer, isIosSafari, type InstallFacts } from './install-rules.ts'

const now = Date.UTC(2026, 10, 24)
const returning: InstallFacts = { isStandalone: false, hasPrompt: true, isIosSafari: false, isLoggedIn: false, visits: 2, notNowUntil: 0, now }

describe('installOffer', () => {
  it('waits for a second visit or a sign-in before asking', () => {
    expect(installOffer({ ...returning, visits: 1 })).toBeNull()
    expect(installOffer({ ...returning, visits: 1, isLoggedIn: true })).toBe('prompt')
    expect(installOffer(returning)).toBe('prompt')
  })
  it('never asks inside the installed app', () => {
    expect(installOffer({ ...returning, isStandalone: true })).toBeNull()
    expect(installOffer({ ...returning, hasPrompt: false, isIosSafari: true, isStandalone: true })).toBeNull()
  })
  it('keeps quiet for a while after Not now', () => {
    expect(installOffer({ ...returning, notNowUntil: now + NOT_NOW_MS })).toBeNull()
    expect(installOffer({ ...returning, notNowUntil: now - 1 })).toBe('prompt')
  })
  it('gives iOS Safari instructions and other browsers without a prompt nothing', () => {
    expect(installOffer({ ...returning, hasPrompt: false, isIosSafari: true })).toBe('ios')
    expect(installOffer({ ...returning, hasPrompt: false })).toBeNull()
  })
})

describe('isIosSafari', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
  it('recognises Safari on iPhone and on iPadOS, which says Macintosh', () => {
    expect(isIosSafari(iphone, 5)).toBe(true)
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
    expect(isIosSafari(ipad, 5)).toBe(true)
    expect(isIosSafari(ipad, 0)).toBe(false)
  })
  it('leaves out Chrome and Firefox on iOS and Android Chrome', () => {
    expect(isIosSafari(iphone.replace('Version/18.1', 'CriOS/131.0'), 5)).toBe(false)
    expect(isIosSafari(iphone.replace('Version/18.1', 'FxiOS/132.0'), 5)).toBe(false)
    expect(isIosSafari('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 5)).toBe(false)
  })
})
