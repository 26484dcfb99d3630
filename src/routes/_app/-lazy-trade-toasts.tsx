import { Suspense, lazy } from 'react'
import { loadScreenMessages } from '../../lib/i18n.ts'

// Toasts for what the order engine does while the app is open (signed in only), in a chunk of their own: the trade
// feature stays out of the first visit's bundle (bench/size.ts). Their words are in the later screens' catalog
// (lingui.config.ts), so they mount once it has loaded and a toast never shows message ids.
const TradeToasts = lazy(() =>
  Promise.all([import('../../features/trade/components/trade-toasts.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.TradeToasts })),
)

export function LazyTradeToasts() {
  return (
    <Suspense fallback={null}>
      <TradeToasts />
    </Suspense>
  )
}
