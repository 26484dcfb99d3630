import { useEffect } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { FundingNetworks } from '../../features/deposit/components/funding-networks.tsx'
import { CurrencyScreen } from '../../features/markets/components/currency-screen.tsx'
import { isDesktopNow } from '../../lib/use-is-desktop.ts'

export const Route = createFileRoute('/_app/cruuency')({ component: CurrencyRoute })

function CurrencyRoute() {
  // On mobile this page always opens at the top, even when reached by going back.
  useEffect(() => {
    if (!isDesktopNow()) window.scrollTo(0, 0)
  }, [])
  return <CurrencyScreen funding={<FundingNetworks />} />
}
