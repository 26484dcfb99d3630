// Labelled figures and exact amounts, the way the financing sheets show every number before the one press (the same
// shape as the Smart plans' sheets; features do not import each other, so the few lines are here too).
import type { ReactNode } from 'react'
import { LANGUAGES } from '#contract/locales.ts'
import { dec } from '#contract/trading-math.ts'
import { Amount } from '../../components/ui/amount.tsx'

export type Figure = { label: ReactNode; value: ReactNode; testId?: string }

export function Figures({ items, testId }: { items: Figure[]; testId?: string }) {
  return (
    <dl className="fin-figures" data-testid={testId}>
      {items.map((item, i) => (
        <div key={i} className="fin-figure">
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

const decimalsOf = (value: string) => /\.(\d+)$/.exec(value)?.[1]?.length ?? 0

/** An amount with every decimal it has (at least 2): financing figures are shown exactly, never rounded. */
export function Money({ value, currency }: { value: string; currency?: string }) {
  return <Amount value={value} currency={currency} digits={Math.max(2, decimalsOf(value))} />
}

/** A fraction ("0.073") as the formatter's percent ("7.3" → 7.30 %). */
export const percentOf = (fraction: string) => dec(fraction).times(100).toFixed()

/** A product's name in the active language (a BCP 47 tag), else its English one. */
export function productName(names: Record<string, string>, locale: string): string {
  const code = LANGUAGES.find((l) => l.bcp47 === locale)?.code
  return (code && names[code]) || names.en_US || ''
}
