import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'up' | 'down' | 'warn' | 'demo' | 'live' | 'info'

export function Badge({ tone = 'neutral', children, testId }: { tone?: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge ${tone}`} data-testid={testId}>
      {children}
    </span>
  )
}
