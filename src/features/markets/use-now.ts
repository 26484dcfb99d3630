import { useEffect, useState } from 'react'

/** The time, refreshed every `everyMs`: enough for "market open" labels, without re-rendering on every tick. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(id)
  }, [everyMs])
  return now
}
