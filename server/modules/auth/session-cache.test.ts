import { describe, expect, it } from 'vitest'
import type { AuthUser } from '../../plugins/auth.ts'
import { createSessionCache } from './session-cache.ts'

const user = (id: string, sessionId: string): AuthUser => ({
  id,
  sessionId,
  address: null,
  email: `${id}@example.com`,
  accountType: 'demo',
  createdAt: new Date(0),
})

function cacheAt(ms = 5000) {
  let now = 0
  const cache = createSessionCache(ms, () => now)
  return { cache, advance: (by: number) => (now += by) }
}

describe('session cache', () => {
  it('keeps an entry for its lifetime and not a millisecond longer', () => {
    const { cache, advance } = cacheAt()
    cache.set('h1', user('u1', 's1'), 123, cache.revision())
    advance(4999)
    expect(cache.get('h1')?.user.sessionId).toBe('s1')
    advance(1)
    expect(cache.get('h1')).toBeUndefined()
  })

  it('forgets revoked sessions and changed users, and only those', () => {
    const { cache } = cacheAt()
    cache.set('a1', user('a', 'sa1'), 1, cache.revision())
    cache.set('a2', user('a', 'sa2'), 1, cache.revision())
    cache.set('b1', user('b', 'sb1'), 1, cache.revision())
    cache.forgetSessions(['sa1'])
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')].map((e) => e?.user.sessionId)).toEqual([undefined, 'sa2', 'sb1'])
    cache.forgetUser('a')
    expect([cache.get('a2'), cache.get('b1')].map((e) => e?.user.sessionId)).toEqual([undefined, 'sb1'])
  })

  it('does not store what was read before a revocation arrived', () => {
    const { cache } = cacheAt()
    const readAt = cache.revision()
    cache.forgetSessions(['s1']) // arrives while the database answer is on its way
    cache.set('h1', user('u1', 's1'), 1, readAt)
    expect(cache.get('h1')).toBeUndefined()
  })

  it('drops stale entries as new ones arrive, so memory follows the live tokens', () => {
    const { cache, advance } = cacheAt()
    for (let i = 0; i < 100; i++) cache.set(`old${i}`, user(`u${i}`, `s${i}`), 1, cache.revision())
    advance(5000)
    cache.set('new', user('n', 'sn'), 1, cache.revision())
    expect(cache.size).toBe(1)
  })
})
