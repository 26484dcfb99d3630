import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from './search-params.ts'

describe('the address’s query string', () => {
  it('writes an article id as its digits, and reads them back as the same string', () => {
    expect(stringifySearch({ id: '12' })).toBe('?id=12')
    // Read back as the router always has (a number; /detail's validateSearch makes it the id string again).
    expect(parseSearch('?id=12')).toEqual({ id: 12 })
    // An int8 id longer than a double holds exactly stays exact.
    expect(parseSearch(stringifySearch({ id: '9223372036854775807' }))).toEqual({ id: '9223372036854775807' })
  })

  it('still reads addresses written the old way, with the id as JSON', () => {
    expect(parseSearch('?id=%2212%22')).toEqual({ id: '12' })
    expect(parseSearch('?id="12"')).toEqual({ id: '12' })
  })

  it('keeps every other value as before', () => {
    expect(stringifySearch({ symbol: 'BTCUSDT' })).toBe('?symbol=BTCUSDT')
    expect(parseSearch('?symbol=BTCUSDT')).toEqual({ symbol: 'BTCUSDT' })
    expect(parseSearch(stringifySearch({ reset: true, book: 'live', item: 7 }))).toEqual({ reset: true, book: 'live', item: 7 })
    expect(parseSearch(stringifySearch({ q: 'true' }))).toEqual({ q: 'true' })
    expect(parseSearch(stringifySearch({ q: 'EUR USD' }))).toEqual({ q: 'EUR USD' })
    expect(stringifySearch({})).toBe('')
  })
})
