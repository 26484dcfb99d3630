import { useEffect } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PageInfo } from '../../features/pages/components/page-info.tsx'
import { PAGES } from '../../features/pages/pages.ts'
import { isDesktopNow } from '../../lib/use-is-desktop.ts'

export const Route = createFileRoute('/_app/cruuency')({ component: CurrencyPage })

function CurrencyPage() {
  // On mobile this page always opens at the top, even when reached by going back.
  useEffect(() => {
    if (!isDesktopNow()) window.scrollTo(0, 0)
  }, [])
  return <PageInfo page={PAGES.currency} back="/profile" />
}
