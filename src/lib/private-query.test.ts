import { describe, expect, it, vi } from 'vitest'
import { skipToken } from '@tanstack/react-query'
import { i18n } from '@lingui/core'
import { asUser } from './private-query.ts'
import { userKeys } from './query-keys.ts'
import { clearToken, startSession } from './session.ts'

describe('private queries', () => {
  it('cannot run before the user id is known, nor for another user', async () => {
    i18n.loadAndActivate({ locale: 'en-US', messages: {} })
    const fetchBalance = vi.fn(async () => '10000')
    clearToken()
    expect(asUser(null, fetchBalance)).toBe(skipToken)

    const forA = asUser('user-a', fetchBalance)
    startSession({ token: 'tok-b', userId: 'user-b', address: null })
    await expect((forA as () => Promise<string>)()).rejects.toMatchObject({ code: 401 })
    expect(fetchBalance).not.toHaveBeenCalled()

    startSession({ token: 'tok-a', userId: 'user-a', address: null })
    await expect((forA as () => Promise<string>)()).resolves.toBe('10000')
  })

  it('keys start with the user id, under one root, and never hold the token', () => {
    expect(userKeys.balance('user-a')).toEqual(['user', 'user-a', 'balance'])
    expect(userKeys.limitOrders('user-a').slice(0, 2)).toEqual([...userKeys.all(), 'user-a'])
  })
})
