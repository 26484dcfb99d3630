import { Suspense, lazy } from 'react'

// Shown a moment after the home page's first paint, keeping the balance feature out of the first-visit bundle.
const BookBadge = lazy(() => import('../../features/balance/components/book-badge.tsx').then((m) => ({ default: m.BookBadge })))

export function LazyBookBadge() {
  return (
    <Suspense fallback={null}>
      <BookBadge />
    </Suspense>
  )
}
