// Labelled figures and exact amounts, the way the earn products (Smart plans, financing, node staking) show every
// number of an offer, of the user's own holding, and on a buy or exit sheet before the one press.
import type { ReactNode } from 'react'
import { LANGUAGES } from '#contract/locales.ts'
import { dec } from '#contract/trading-math.ts'
import { Amount } from '../ui/amount.tsx'
import './earn.css'

export type Figure = { label: ReactNode; value: ReactNode; testId?: string }

export function Figures({ items, testId }: { items: Figure[]; testId?: string }) {
  return (
    <dl className="earn-figures" data-testid={testId}>
      {items.map((item, i) => (
        <div key={i} className="earn-figure">
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

const decimalsOf = (value: string) => /\.(\d+)$/.exec(value)?.[1]?.length ?? 0

/** An amount with every decimal it has (at least 2): an offer's figures are shown exactly, never rounded. */
export function Money({ value, currency }: { value: string; currency?: string }) {
  return <Amount value={value} currency={currency} digits={Math.max(2, decimalsOf(value))} />
}

/** A fraction ("0.012") as the formatter's percent ("1.2" → 1.20 %). */
export const percentOf = (fraction: string) => dec(fraction).times(100).toFixed()

/** An offer's name in the active language (a BCP 47 tag), else its English one (names are keyed by server codes). */
export function localName(names: Record<string, string>, locale: string): string {
  const code = LANGUAGES.find((l) => l.bcp47 === locale)?.code
  return (code && names[code]) || names.en_US || ''
}
