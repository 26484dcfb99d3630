// Between the api client, which sees a live action refused by the terms gate (a 409 whose data names the reason,
// src/contract/content.ts LegalRefusal), and the dialog that offers "Read and accept" (features/legal, mounted by
// the layout): every screen that moves live money gets the same way forward without knowing about it.
export type LegalReason = 'legalNotPublished' | 'legalAcceptRequired'
type Listener = (reason: LegalReason) => void
const listeners = new Set<Listener>()

export const legalEvents = {
  /** Called with every 409's data; tells the listeners when it is the terms gate's. */
  inspect(data: unknown) {
    const reason = (data as { reason?: unknown } | null)?.reason
    if (reason !== 'legalNotPublished' && reason !== 'legalAcceptRequired') return
    for (const l of listeners) l(reason)
  },
  onRefused(l: Listener) {
    listeners.add(l)
    return () => void listeners.delete(l)
  },
}
