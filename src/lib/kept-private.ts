// A signed-in user's last balance and open positions, kept on this device so a reload without a network still shows
// them with their time (docs/architecture.md, "Offline"). Kept only while that user is signed in here: keyed by their
// id, and forgotten when the session's user changes (sign-out, a 401, another account), by src/app/private-data.ts.
// localStorage because a query's placeholder is read synchronously, and the two answers are small.
import type { UserId } from './query-keys.ts'
import { getSession } from './session.ts'

const PREFIX = 'keelson.kept.'

export type KeptName = 'account' | 'positions' | 'pending'
type Kept<T> = { time: number; data: T }

const keyOf = (userId: string, name: KeptName) => `${PREFIX}${userId}.${name}`

/** Keeps a fresh answer of the user's and hands it on (a full quota or private mode: simply not kept). */
export function keepPrivate<T>(userId: string, name: KeptName, data: T): T {
  // An answer landing after its user signed out is not kept: they were forgotten, and must stay so.
  if (getSession().userId !== userId) return data
  try {
    localStorage.setItem(keyOf(userId, name), JSON.stringify({ time: Date.now(), data } satisfies Kept<T>))
  } catch {
    // Not kept: offline then shows the offline state instead of the last values.
  }
  return data
}

/** What was kept for the user, with when it was fetched; none for another user or nothing kept. */
export function keptPrivate<T>(userId: UserId, name: KeptName): Kept<T> | undefined {
  if (userId === null || typeof localStorage === 'undefined') return undefined
  try {
    const raw = localStorage.getItem(keyOf(userId, name))
    const kept = raw ? (JSON.parse(raw) as Kept<T>) : undefined
    return kept && typeof kept.time === 'number' ? kept : undefined
  } catch {
    return undefined
  }
}

/** When the kept answer was fetched (0: nothing kept), for the "Last updated" note beside it. */
export const keptAt = (userId: UserId, name: KeptName): number => keptPrivate(userId, name)?.time ?? 0

/** The kept answer as a query's placeholder, only while the browser is offline (online, the fetch is moments away). */
export function offlinePlaceholder<T>(userId: UserId, name: KeptName): () => T | undefined {
  return () => (typeof navigator !== 'undefined' && !navigator.onLine ? keptPrivate<T>(userId, name)?.data : undefined)
}

/** Forgets every user's kept answers (the session's user changed). */
export function forgetPrivate() {
  if (typeof localStorage === 'undefined') return
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key)
}
