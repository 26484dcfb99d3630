import { useCallback, useEffect, useState, type RefObject } from 'react'

type Orientation = ScreenOrientation & { lock?: (o: 'landscape') => Promise<void> }

/**
 * The chart over the whole screen. The element is always given the `is-full` overlay (fixed, covering the
 * viewport: markets.css), so it works where the Fullscreen API does not (an iPhone's Safari); where it does, the
 * browser's own bars go too and a phone is asked for landscape (refused outside an installed app or on a desktop,
 * which is fine: the overlay already fits either way). Escape, the system back gesture or the button leave it.
 */
export function useFullScreen(ref: RefObject<HTMLElement | null>) {
  const [isFull, setIsFull] = useState(false)

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setIsFull(false)
    }
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  useEffect(() => {
    if (!isFull) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setIsFull(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [isFull])

  const toggle = useCallback(() => {
    const el = ref.current
    if (!isFull) {
      setIsFull(true)
      if (el?.requestFullscreen)
        el.requestFullscreen().then(
          () => (screen.orientation as Orientation | undefined)?.lock?.('landscape').catch(() => undefined),
          () => undefined,
        )
      return
    }
    setIsFull(false)
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
  }, [isFull, ref])

  return { isFull, toggle }
}
