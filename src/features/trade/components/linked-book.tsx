// A link to one order names its book (a message's or a toast's: /profile/orders?book=live#closed-12). The order
// lists show the current book only (docs/api.md "Orders"), so when the app is on the other book the link switches it
// to the order's book first, and says so: the user finds the order, never the other book's list without it.
import { useEffect, useRef, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { accountApi } from '#contract/account.ts'
import type { AccountType } from '#contract/auth.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { api } from '../../../lib/api.ts'
import { userKeys } from '../../../lib/query-keys.ts'
import { useSession } from '../../../lib/session.ts'
import { orderQueries } from '../api.ts'

/** `book`: the linked order's book, if the link named one. Shows `children` (the orders) once the app is on it. */
export function LinkedBook({ book, children }: { book?: AccountType; children: ReactNode }) {
  const userId = useSession((s) => s.userId)
  const queryClient = useQueryClient()
  const account = useQuery(orderQueries.account(userId))
  // Everything of the user's is of one book or shows it (balance, orders, record): all of it is read again.
  const { mutate, isError, isSuccess, error } = useMutation({
    mutationFn: (to: AccountType) => api(accountApi.updateAccountType, { body: { accountType: to } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.of(userId) }),
  })
  // Switched only on the server's word: the figures kept on this device (offline) may be of the other book.
  const current = account.data?.book
  const isOther = !!book && !!current && current !== book && !account.isPlaceholderData
  const asked = useRef(false)
  useEffect(() => {
    if (!book || !isOther || asked.current) return
    asked.current = true
    mutate(book)
  }, [book, isOther, mutate])

  if (!book) return children
  if (isError) return <Card><ErrorState error={error} onRetry={() => mutate(book)} /></Card>
  if (current !== book) {
    if (account.isError) return <Card><ErrorState error={account.error} onRetry={() => void account.refetch()} /></Card>
    return <Card><SkeletonRows rows={3} /></Card>
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
