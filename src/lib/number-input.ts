// Numbers typed by the user, read and shown in the active language's own format, never guessed. The rule:
// - the language's decimal separator (formatToParts) starts the decimals, at most once;
// - its group separator may be left out, but where it is typed it must sit exactly where the language groups
//   (every 3 digits; Hindi also 12,34,567), else the value is refused: in English `90,000` is 90000 and `1,5` is
//   refused, in German `1.000,5` is 1000.5 and `1.5` is refused. A value that is a number in the language is read
//   as that number; telling 90 from 90 000 by its distance from the price is the ticket's warning, not the parser's.
// - where the group separator is a space (fr, pt-PT, ru, sv), any space counts as one;
// - full-width digits and separators (Japanese and Chinese input methods) count as ASCII ones.
// The value handed on is a plain decimal string ("90000.50": the digits as typed, trailing zeros kept).

export type NumberSymbols = { group: string; decimal: string }

/** Why a text is not a number in this language; 'incomplete' is a group still being typed ("90,0"). */
export type NumberProblem = 'invalid' | 'grouping' | 'incomplete'

export type ParsedNumber = { ok: true; value: string } | { ok: false; problem: NumberProblem }

/** What an input hands on while its text is refused: never a decimal, so no check can take it for one. */
export const REFUSED_NUMBER = 'refused'

const symbolsCache = new Map<string, NumberSymbols>()

export function numberSymbols(locale: string): NumberSymbols {
  let s = symbolsCache.get(locale)
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' }).formatToParts(1234567.5)
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
    symbolsCache.set(locale, s)
  }
  return s
}

const SPACE = /[\s\u00a0\u202f\u2009]/
const SPACES = new RegExp(SPACE.source, 'g')
const FULL_WIDTH = /[\uff10-\uff19\uff0c\uff0e]/g

/** The language's own grouping of an integer's digits, as chunk lengths ("12,34,567" is [2, 2, 3]). */
function groupingOf(digits: string, locale: string): number[] {
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always', maximumFractionDigits: 0 }).formatToParts(BigInt(digits))
  return parts.filter((p) => p.type === 'integer').map((p) => p.value.length)
}

export function parseNumber(text: string, locale: string): ParsedNumber {
  const { group, decimal } = numberSymbols(locale)
  const isSpaceGroup = SPACE.test(group)
  let s = text.trim().replace(FULL_WIDTH, (c) => (c === '\uff0c' ? ',' : c === '\uff0e' ? '.' : String(c.charCodeAt(0) - 0xff10)))
  if (s === '') return { ok: true, value: '' }
  if (isSpaceGroup) s = s.replace(SPACES, '\u0000')
  const g = isSpaceGroup ? '\u0000' : group
  const [whole = '', fraction, ...rest] = s.split(decimal)
  if (rest.length > 0) return { ok: false, problem: 'invalid' }
  if (fraction !== undefined && fraction.includes(g)) return { ok: false, problem: 'grouping' }
  if (fraction !== undefined && !/^\d*$/.test(fraction)) return { ok: false, problem: 'invalid' }
  const chunks = whole.split(g)
  if (chunks.some((c) => !/^\d*$/.test(c))) return { ok: false, problem: 'invalid' }
  if (whole === '' && !fraction) return { ok: false, problem: 'invalid' }
  if (chunks.length > 1) {
    const lengths = chunks.map((c) => c.length)
    const head = lengths[0] ?? 0
    const tail = lengths.slice(1)
    // A last group of 1 or 2 digits with nothing after it may be the start of a group being typed.
    const last = tail.at(-1) ?? 0
    if (fraction === undefined && last < 3 && head > 0 && tail.slice(0, -1).every((l) => l === 3 || l === 2)) {
      return { ok: false, problem: 'incomplete' }
    }
    const digits = chunks.join('')
    if (head === 0 || digits.startsWith('0')) return { ok: false, problem: 'grouping' }
    const isThousands = head <= 3 && tail.every((l) => l === 3)
    if (!isThousands && groupingOf(digits, locale).join() !== lengths.join()) return { ok: false, problem: 'grouping' }
  }
  const int = chunks.join('').replace(/^0+(?=\d)/, '') || '0'
  return { ok: true, value: fraction ? `${int}.${fraction}` : int }
}

const PLAIN = /^\d+(\.\d+)?$/

/** A plain non-negative decimal string, as inputs hand them on. */
export const isPlainNumber = (value: string): boolean => PLAIN.test(value)

/** A plain decimal string as an input shows it in this language ("90000.5" is "90,000.5", "90.000,5" in German). */
export function formatNumberInput(value: string, locale: string): string {
  if (!PLAIN.test(value)) return value === REFUSED_NUMBER ? '' : value
  const digits = value.split('.')[1]?.length ?? 0
  // NumberFormat v3 takes an exact decimal string; the lib typings only know number | bigint.
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value as unknown as number)
}

/** How this language writes numbers, for the refusal's message: grouped and plain ("12,345.67", "12345.67"). */
export function numberExamples(locale: string): { grouped: string; plain: string } {
  return {
    grouped: new Intl.NumberFormat(locale, { useGrouping: 'always', minimumFractionDigits: 2 }).format(12345.67),
    plain: new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: 2 }).format(12345.67),
  }
}
