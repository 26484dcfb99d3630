// A link to one order names its book (a message's or a toast's: /profile/orders?book=live#closed-12). The order
// lists show the current book only (docs/api.md "Orders"), so when the app is on the other book the link leads to the
// order's book first, and says so: the user finds the order, never the other book's list without a word.
// The live book is real money, so a link never switches to it silently: it asks with the same sheet as the balance
// screen's switch, and "Stay on Demo" keeps the demo book with a note that the order is in the live one. A link to a
// demo order switches at once (practice money cannot be lost by it) and the note says the book changed.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { SwitchToLiveSheet } from '../../../components/switch-to-live-sheet.tsx'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { useSwitchBook } from '../../../lib/use-switch-book.ts'
import { orderQueries } from '../api.ts'

const loading = (
  <Card>
    <SkeletonRows rows={3} />
  </Card>
)

/** `book`: the linked order's book, if the link named one. Shows `children` (the orders) once the app is on it. */
export function LinkedBook({ book, children }: { book?: AccountType; children: ReactNode }) {
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const { mutate, reset, isError, isPending, isSuccess, error } = useSwitchBook()
  const [isDeclined, setIsDeclined] = useState(false)
  // Switched only on the server's word: the figures kept on this device (offline) may be of the other book.
  const current = account.data?.book
  const isOther = !!book && !!current && current !== book && !account.isPlaceholderData
  const asked = useRef(false)
  useEffect(() => {
    if (book !== 'demo' || !isOther || asked.current) return
    asked.current = true
    mutate(book)
  }, [book, isOther, mutate])

  if (!book) return children
  if (current !== book) {
    if (account.isError) return <Card><ErrorState error={account.error} onRetry={() => void account.refetch()} /></Card>
    if (book === 'demo' && isError) return <Card><ErrorState error={error} onRetry={() => mutate(book)} /></Card>
    if (book === 'demo' || !isOther) return loading
    const sheet = (
      <SwitchToLiveSheet
        open={!isDeclined && !isSuccess}
        pending={isPending}
        error={error}
        reason={<Trans>The order this link shows is in your live book.</Trans>}
        onCancel={() => {
          reset()
          setIsDeclined(true)
        }}
        onConfirm={() => mutate('live')}
      />
    )
    if (!isDeclined) return <>{loading}{sheet}</>
    return (
      <>
        <div className="book-switched" role="status" data-testid="book-elsewhere">
          <IconInfo size={20} />
          <BookLabel book="live" />
          <span>
            <Trans>This order is in your live book. You are still on your demo book.</Trans>
          </span>
          <Button variant="secondary" onClick={() => setIsDeclined(false)}>
            <Trans>Show it in Live</Trans>
          </Button>
        </div>
        {sheet}
        {children}
      </>
    )
  }
  return (
    <>
      {isSuccess && (
        <p className="book-switched" role="status" data-testid="book-switched">
          <IconInfo size={20} />
          <BookLabel book={book} testId="book-switched-badge" />
          <span>
            {book === 'live' ? <Trans>Switched to your live book to show this order.</Trans> : <Trans>Switched to your demo book to show this order.</Trans>}
          </span>
        </p>
      )}
      {children}
    </>
  )
}
