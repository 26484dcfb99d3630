import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { loadScreenMessages } from '../../lib/i18n.ts'

// The partners strip on the signed-out home, below the prices: its code, its words (the later screens' catalog,
// lingui.config.ts) and /api/getPartners load only when the reader scrolls near it, so a first visit's first screen
// fetches none of them (bench/size.ts counts every script of the first visit).
const PartnerList = lazy(() =>
  Promise.all([import('../../features/partners/components/partner-list.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.PartnerList })),
)

export function LazyPartners() {
  const spot = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = spot.current
    if (!element || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return (
    <div ref={spot} data-testid="home-partners">
      {near && (
        <Suspense fallback={null}>
          <PartnerList />
        </Suspense>
      )}
    </div>
  )
}
