import { useSearch } from '@tanstack/react-router'
import { useMarketView } from '../../features/markets/use-market-view.ts'
import { LinkedBook } from '../../features/trade/components/linked-book.tsx'
import { OrdersPanel } from '../../features/trade/components/orders-panel.tsx'

export function OrdersSectionBody() {
  const market = useMarketView()
  // ?book=: a link to one order of that book (a message's, a toast's), shown in its book.
  const book = useSearch({ from: '/_app/profile/{-$type}', select: (s) => s.book })
  return (
    <LinkedBook book={book}>
      <OrdersPanel market={market} />
    </LinkedBook>
  )
}
