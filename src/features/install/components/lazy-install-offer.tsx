import { Suspense, lazy } from 'react'
import { useInstallOffer } from '../install-state.ts'

// The card, its sheet and their styles load only when an offer is due: never on a first visit's first screen.
const InstallOffer = lazy(() => import('./install-offer.tsx').then((m) => ({ default: m.InstallOffer })))

/** Composed once by the app layout, outside <main>, so the card is its own region above the tab bar. */
export function LazyInstallOffer() {
  const kind = useInstallOffer()
  if (!kind) return null
  return (
    <Suspense fallback={null}>
      <InstallOffer kind={kind} />
    </Suspense>
  )
}
