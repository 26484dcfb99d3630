import { useMarketView } from '../../features/markets/use-market-view.ts'
import { OrdersPanel } from '../../features/trade/components/orders-panel.tsx'

export function OrdersSectionBody() {
  const market = useMarketView()
  return <OrdersPanel market={market} />
}
