import { useEffect, useState } from 'react'
import type { formatDateTime } from './dates.ts'

type Format = typeof formatDateTime

/** luxon loads after the first paint (its own chunk), keeping it out of the first-visit bundle; null until then. */
export function useDateFormat(): Format | null {
  const [format, setFormat] = useState<Format | null>(null)
  useEffect(() => {
    let live = true
    void import('./dates.ts').then((m) => live && setFormat(() => m.formatDateTime))
    return () => {
      live = false
    }
  }, [])
  return format
}
