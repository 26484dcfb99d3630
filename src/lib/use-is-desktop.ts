import { useSyncExternalStore } from 'react'

// Desktop layout from 1100 px (its minimum width); below that the mobile layout (design width 428, minimum 320).
export const DESKTOP_QUERY = '(min-width: 1100px)'

export function isDesktopNow(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia(DESKTOP_QUERY).matches
}

function subscribe(listener: () => void) {
  const mql = matchMedia(DESKTOP_QUERY)
  mql.addEventListener('change', listener)
  return () => mql.removeEventListener('change', listener)
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktopNow, () => false)
}
