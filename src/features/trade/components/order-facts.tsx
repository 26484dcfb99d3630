import type { ReactNode } from 'react'

/** Label and value pairs of an order, two columns on phones (one below 380 px). */
export function OrderFacts({ facts }: { facts: [ReactNode, ReactNode, string?][] }) {
  return (
    <dl className="order-facts">
      {facts.map(([label, value, testId], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A P/L with its sign and colour (and the sign carries it without colour). */
export function ProfitText({ value, text, testId }: { value: string; text: string; testId?: string }) {
  const cls = value.startsWith('-') ? 'num pl-down' : /[1-9]/.test(value) ? 'num pl-up' : 'num'
  return (
    <span className={cls} data-testid={testId}>
      {text}
    </span>
  )
}
