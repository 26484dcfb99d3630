import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { LANGUAGES } from '#contract/locales.ts'
import { formatNumberInput, isPlainNumber, parseNumber } from './number-input.ts'

const value = (text: string, locale: string) => {
  const r = parseNumber(text, locale)
  return r.ok ? r.value : r.problem
}

describe('parseNumber', () => {
  it('reads English grouping and decimals', () => {
    expect(value('90,000', 'en-US')).toBe('90000')
    // The digits as typed: a trailing zero stays (0.10 lots is shown as typed).
    expect(value('90,000.50', 'en-US')).toBe('90000.50')
    expect(value('1,234,567.5', 'en-US')).toBe('1234567.5')
    expect(value('90000', 'en-US')).toBe('90000')
    expect(value('.5', 'en-US')).toBe('0.5')
    expect(value('1.', 'en-US')).toBe('1')
    expect(value(' 007 ', 'en-US')).toBe('7')
    expect(value('', 'en-US')).toBe('')
  })

  it('reads German with "." grouping and "," decimals', () => {
    expect(value('1.000,5', 'de-DE')).toBe('1000.5')
    expect(value('90.000', 'de-DE')).toBe('90000')
    expect(value('0,01', 'de-DE')).toBe('0.01')
    // In German a comma starts the decimals: this is ninety.
    expect(value('90,000', 'de-DE')).toBe('90.000')
  })

  it('takes any space as the group separator where the language groups with a space', () => {
    expect(value('1 000,5', 'fr-FR')).toBe('1000.5')
    expect(value('1\u202f000,5', 'fr-FR')).toBe('1000.5')
    expect(value('12 345', 'sv-SE')).toBe('12345')
    expect(value('12 345,25', 'ru-RU')).toBe('12345.25')
  })

  it('reads Hindi lakh grouping and thousands alike', () => {
    expect(value('12,34,567.5', 'hi-IN')).toBe('1234567.5')
    expect(value('1,234,567.5', 'hi-IN')).toBe('1234567.5')
  })

  it('reads full-width digits from Japanese and Chinese input methods', () => {
    expect(value('９０，０００．５', 'ja-JP')).toBe('90000.5')
  })

  it('refuses a group separator out of place rather than guess', () => {
    expect(value('1,5', 'en-US')).toBe('incomplete')
    expect(value('1,50,0.5', 'en-US')).toBe('grouping')
    expect(value('1,0000', 'en-US')).toBe('grouping')
    expect(value('90,000,5', 'en-US')).toBe('incomplete')
    expect(value(',5', 'en-US')).toBe('grouping')
    expect(value('0,500', 'en-US')).toBe('grouping')
    expect(value('1.5', 'de-DE')).toBe('incomplete')
    expect(value('1.50,5', 'de-DE')).toBe('grouping')
    expect(value('1,000.5', 'de-DE')).toBe('grouping')
    expect(value('1,5', 'ja-JP')).toBe('incomplete')
    // Grouping after the decimal separator.
    expect(value('1.000,5', 'en-US')).toBe('grouping')
  })

  it('refuses what is not a number', () => {
    for (const text of ['abc', '1.2.3', '.', '-5', '1e5', '5 %', '90 000', '0x10']) expect(value(text, 'en-US'), text).toBe('invalid')
    expect(value('1,2,3', 'de-DE')).toBe('invalid')
  })
})

describe('formatNumberInput', () => {
  it('shows a typed value in the language, with the digits as typed', () => {
    expect(formatNumberInput('90000.50', 'en-US')).toBe('90,000.50')
    expect(formatNumberInput('1000.5', 'de-DE')).toBe('1.000,5')
    expect(formatNumberInput('0.01', 'de-DE')).toBe('0,01')
    expect(formatNumberInput('', 'de-DE')).toBe('')
  })
})

const plainDecimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }))
  .map(([int, fraction]) => (fraction === undefined ? String(int) : `${int}.${fraction}`))

describe('format then parse', () => {
  for (const { bcp47 } of LANGUAGES) {
    it(`gives the same number back in ${bcp47}`, () => {
      fc.assert(
        fc.property(plainDecimal, (x) => {
          expect(isPlainNumber(x)).toBe(true)
          expect(parseNumber(formatNumberInput(x, bcp47), bcp47)).toEqual({ ok: true, value: x })
        }),
        { numRuns: 300 },
      )
    })
  }
})
