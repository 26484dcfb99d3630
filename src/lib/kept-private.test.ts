import { beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetPrivate, keepPrivate, keptAt, keptPrivate, offlinePlaceholder } from './kept-private.ts'
import { clearToken, startSession } from './session.ts'

/** A Storage over a Map (the unit tests run in Node). */
function memoryStorage(): Storage {
  const map = new Map<string, string>()
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
  }
  // Object.keys(localStorage) lists the stored keys in a browser: a Proxy does the same here.
  return new Proxy(storage, { ownKeys: () => [...map.keys()], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) }) as Storage
}

describe('the balance and positions kept for offline', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage())
    vi.stubGlobal('navigator', { onLine: true })
    startSession({ token: 't', userId: 'u1', address: null })
  })

  it('keeps the signed-in user’s answer with its time, and shows it only offline', () => {
    keepPrivate('u1', 'account', { balance: '10.00' })
    expect(keptPrivate('u1', 'account')?.data).toEqual({ balance: '10.00' })
    expect(keptAt('u1', 'account')).toBeGreaterThan(0)
    expect(keptPrivate('u2', 'account')).toBeUndefined()
    expect(offlinePlaceholder('u1', 'account')()).toBeUndefined()
    vi.stubGlobal('navigator', { onLine: false })
    expect(offlinePlaceholder('u1', 'account')()).toEqual({ balance: '10.00' })
  })

  it('keeps nothing for a user who is no longer signed in, and forgets every kept answer', () => {
    keepPrivate('u1', 'positions', { list: [1] })
    clearToken()
    keepPrivate('u1', 'account', { balance: '10.00' })
    expect(keptPrivate('u1', 'account')).toBeUndefined()
    forgetPrivate()
    expect(keptPrivate('u1', 'positions')).toBeUndefined()
  })
})
