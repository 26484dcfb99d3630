// Numbers on screen: tabular figures (columns line up) in the active language through the one formatter.
import { useLingui } from '@lingui/react/macro'
import { formatAmount, formatPercent, formatPrice, useLocale } from '../../lib/format.ts'
import { IconDown, IconUp } from './icons.tsx'

type AmountProps = { value: string; currency?: string; signed?: boolean; digits?: number; testId?: string }

/** An amount with its currency; `signed` gives credits a "+" (debits always carry their "-"). */
export function Amount({ value, currency, signed, digits, testId }: AmountProps) {
  const locale = useLocale()
  return (
    <span className="num amount" data-testid={testId}>
      {formatAmount(value, locale, { digits, signed })}
      {currency && <span className="amount-currency"> {currency}</span>}
    </span>
  )
}

/** A price with the instrument's digits as they arrived, or `digits`. */
export function Price({ value, digits, testId }: { value: string; digits?: number; testId?: string }) {
  const locale = useLocale()
  return (
    <span className="num price" data-testid={testId}>
      {formatPrice(value, locale, digits)}
    </span>
  )
}

export type Direction = 'up' | 'down' | 'flat'

/** The sign of a decimal string, read from its digits (no float, no decimal library on the first screen). */
export function direction(value: string): Direction {
  const m = /^\s*([+-]?)(\d*)\.?(\d*)(e[+-]?\d+)?\s*$/i.exec(value)
  if (!m || !/[1-9]/.test(m[2]! + m[3]!)) return 'flat'
  return m[1] === '-' ? 'down' : 'up'
}

/**
 * A change in percent: colour AND an arrow AND a sign, so it reads without colour (WCAG 1.4.1). Screen readers
 * hear "up 1.23%" rather than an unlabelled arrow.
 */
export function Change({ value, testId }: { value: string; testId?: string }) {
  const locale = useLocale()
  const { t } = useLingui()
  const dir = direction(value)
  const text = formatPercent(value, locale, { signed: true })
  const spoken = dir === 'up' ? t`up ${text}` : dir === 'down' ? t`down ${text}` : text
  return (
    <span className={`num change ${dir}`} data-testid={testId} data-direction={dir} aria-label={spoken} role="text">
      {dir === 'up' && <IconUp size={14} />}
      {dir === 'down' && <IconDown size={14} />}
      <span aria-hidden="true">{text}</span>
    </span>
  )
}
