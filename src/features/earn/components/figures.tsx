// A definition list of labelled figures, the way the buy and exit sheets show every number before the one press.
import { Amount } from '../../../components/ui/amount.tsx'
import type { ReactNode } from 'react'

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

/** An amount with every decimal it has (at least 2): a plan's figures are shown exactly, never rounded. */
export function Money({ value, currency }: { value: string; currency?: string }) {
  return <Amount value={value} currency={currency} digits={Math.max(2, decimalsOf(value))} />
}
