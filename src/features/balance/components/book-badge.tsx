import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { useSession } from '../../../lib/session.ts'
import { balanceQueries } from '../api.ts'

/** Which book the numbers belong to; Demo is loud on purpose so play money is never mistaken for real. */
export function BookLabel({ book }: { book: AccountType }) {
  return book === 'demo' ? (
    <span className="badge demo" data-testid="book-badge">
      <Trans>Demo</Trans>
    </span>
  ) : (
    <span className="badge live" data-testid="book-badge">
      <Trans>Live</Trans>
    </span>
  )
}

/** The signed-in user's active book, for the home hero. */
export function BookBadge() {
  const userId = useSession((s) => s.userId)
  const { data } = useQuery(balanceQueries.current(userId))
  return data ? <BookLabel book={data.book} /> : null
}
