// Amounts are decimal strings on the wire. Display never goes through a float for the digits it shows: the
// integer part gets thousands separators and the fraction is cut (not rounded through binary floats) to 2 places.
import Decimal from 'decimal.js'

export function formatAmount(value: string | number, locale = 'en-US', fractionDigits = 2): string {
  let d: Decimal
  try {
    d = new Decimal(value)
  } catch {
    return '—'
  }
  const fixed = d.toFixed(fractionDigits, Decimal.ROUND_HALF_UP)
  const negative = fixed.startsWith('-')
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.')
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5)
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${negative ? '-' : ''}${grouped}${frac ? decimal + frac : ''}`
}
