import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { loadScreenMessages } from '../../lib/i18n.ts'

// The partners strip on the signed-out home, below the prices: its code, its words (the later screens' catalog,
// lingui.config.ts) and /api/getPartners load only when the reader comes near it with no modal open, so a first
// visit's first screen (under the intro board) fetches none of them (bench/size.ts counts every script of the first
// visit).
const PartnerList = lazy(() =>
  Promise.all([import('../../features/partners/components/partner-list.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.PartnerList })),
)

export function LazyPartners() {
  const spot = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = spot.current
    if (!element || near) return
    let modal: HTMLDialogElement | null = null
    const again = () => {
      observer.unobserve(element)
      observer.observe(element)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        // Under a modal (a first visit's intro board) home is not seen yet: look again once it closes.
        modal = document.querySelector<HTMLDialogElement>('dialog[open]')
        if (modal) modal.addEventListener('close', again, { once: true })
        else setNear(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      modal?.removeEventListener('close', again)
    }
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
