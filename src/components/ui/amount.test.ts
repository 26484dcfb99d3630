import { describe, expect, it } from 'vitest'
import { direction } from './amount.tsx'

describe('direction', () => {
  it('reads the sign of a decimal string, zero in any spelling is flat', () => {
    expect(direction('1.23')).toBe('up')
    expect(direction('+0.01')).toBe('up')
    expect(direction('-0.0001')).toBe('down')
    expect(direction('0.00')).toBe('flat')
    expect(direction('-0')).toBe('flat')
    expect(direction('abc')).toBe('flat')
  })
})
