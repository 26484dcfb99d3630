import { Suspense, lazy, useEffect, useState } from 'react'
import { legalEvents, type LegalReason } from '../../lib/legal-events.ts'
import { loadScreenMessages } from '../../lib/i18n.ts'

// The terms gate's dialog (features/legal), loaded the first time a live action is refused for it: the first visit
// carries only this listener. Its words are in the later screens' catalog, which it waits for.
const AcceptTermsDialog = lazy(() =>
  Promise.all([import('../../features/legal/components/accept-terms-dialog.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.AcceptTermsDialog })),
)

export function LazyLegalGate() {
  const [reason, setReason] = useState<LegalReason | null>(null)
  useEffect(() => legalEvents.onRefused(setReason), [])
  if (!reason) return null
  return (
    <Suspense fallback={null}>
      <AcceptTermsDialog reason={reason} onClose={() => setReason(null)} />
    </Suspense>
  )
}
