import { Trans } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { Badge } from './badge.tsx'

/**
 * Which book the numbers and orders belong to, in every trading view: Demo in the warning colour so play money is
 * never mistaken for real, Live in its own colour (--live) so real money never looks like practice.
 */
export function BookLabel({ book, testId = 'book-badge' }: { book: AccountType; testId?: string }) {
  return book === 'demo' ? (
    <Badge tone="demo" testId={testId}>
      <Trans>Demo</Trans>
    </Badge>
  ) : (
    <Badge tone="live" testId={testId}>
      <Trans>Live</Trans>
    </Badge>
  )
}
