import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { operationKeys } from './api.ts'

describe('one Idempotency-Key per operation', () => {
  const body = { symbol: 'BTCUSDT', side: 'buy', lots: '1', leverage: 100 }
  it('sends a retry of the same order after a timeout or a network failure with the same key', () => {
    const keys = operationKeys()
    const first = keys.keyFor(body)
    keys.settled(new ApiError(408, 'request error'))
    expect(keys.keyFor({ ...body })).toBe(first)
    keys.settled(new TypeError('Failed to fetch'))
    expect(keys.keyFor(body)).toBe(first)
    keys.settled(new ApiError(500, 'Request Error'))
    expect(keys.keyFor(body)).toBe(first)
  })
  it('takes a new key once the order changed or the server gave its answer', () => {
    const keys = operationKeys()
    const first = keys.keyFor(body)
    const changed = keys.keyFor({ ...body, lots: '2' })
    expect(changed).not.toBe(first)
    keys.settled(new ApiError(409, 'Not enough free margin'))
    expect(keys.keyFor({ ...body, lots: '2' })).not.toBe(changed)
  })
})
