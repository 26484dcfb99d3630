// Work the first screen does not need (the service worker's install, the live socket) waits until the page has
// loaded and the main thread is idle, so a phone spends its first seconds on the screen it shows and answers a tap
// (Lighthouse's TBT, bench/lighthouse.ts). `requestIdleCallback` where the browser has it (not Safari): a short timer
// elsewhere; either way at most IDLE_TIMEOUT_MS after the load event.

export const IDLE_TIMEOUT_MS = 2000

/** Runs `fn` once, after the load event and when the main thread is next idle; the returned function cancels it. */
export function afterFirstScreen(fn: () => void): () => void {
  let cancelled = false
  let cancelIdle = () => {}
  const run = () => {
    if (!cancelled) fn()
  }
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      cancelIdle = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(run, 100)
      cancelIdle = () => clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', whenIdle)
    cancelIdle()
  }
}
