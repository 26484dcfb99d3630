// An earn product's screen (Smart plans, financing, node staking): its title with the book it shows (the Demo/Live
// badge), a lead that says plainly what the product is, then the offers once they have loaded. Signed out, the lead
// and what to sign in for.
import type { ReactNode } from 'react'
import type { AccountType } from '#contract/auth.ts'
import { BookLabel } from '../ui/book-badge.tsx'
import { Card } from '../ui/card.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { ErrorState } from '../ui/error-state.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { SkeletonRows } from '../ui/skeleton.tsx'
import './earn.css'

type Props<D> = {
  title: string
  /** Starts the test ids: `${testId}-screen`, -book, -lead. */
  testId: string
  lead: ReactNode
  /** After the lead, in its card (a link to a related product). */
  more?: ReactNode
  /** Null when signed out; then `signIn` says what signing in is for. */
  query: { isPending: boolean; data?: D; error: unknown; refetch: () => unknown } | null
  signIn: ReactNode
  offers: (data: D) => ReactNode
  /** After the offers: the user's own, and a sheet open over them. */
  children?: ReactNode
}

export function EarnScreen<D extends { book: AccountType }>({ title, testId, lead, more, query, signIn, offers, children }: Props<D>) {
  const leadText = (
    <p className="earn-lead" data-testid={`${testId}-lead`}>
      {lead}
    </p>
  )
  if (!query) {
    return (
      <article className="earn-screen">
        <PageHeader title={title} />
        <Card>
          {leadText}
          <EmptyState title={signIn} />
        </Card>
      </article>
    )
  }
  return (
    <article className="earn-screen" data-testid={`${testId}-screen`}>
      <PageHeader title={title} actions={query.data ? <BookLabel book={query.data.book} testId={`${testId}-book`} /> : undefined} />
      <Card>
        {leadText}
        {more}
      </Card>
      {query.isPending ? (
        <Card>
          <SkeletonRows rows={4} />
        </Card>
      ) : !query.data ? (
        <Card>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        offers(query.data)
      )}
      {children}
    </article>
  )
}
