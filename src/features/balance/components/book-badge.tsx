import { Trans } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { Badge } from '../../../components/ui/badge.tsx'

/** Which book the numbers belong to; Demo is loud on purpose so play money is never mistaken for real. */
export function BookLabel({ book }: { book: AccountType }) {
  return book === 'demo' ? (
    <Badge tone="demo" testId="book-badge">
      <Trans>Demo</Trans>
    </Badge>
  ) : (
    <Badge tone="live" testId="book-badge">
      <Trans>Live</Trans>
    </Badge>
  )
}
