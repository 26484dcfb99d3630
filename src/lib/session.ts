// The browser-stored login state (PRODUCT-SPEC section 3): login flag, token, wallet address, language and the
// new-message flag, kept in localStorage so a reload stays signed in. React reads it through useSession().
import { useSyncExternalStore } from 'react'
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '#contract/locales.ts'

export type Session = {
  isLoggedIn: boolean
  token: string | null
  address: string | null
  language: LanguageCode
  hasNewMessage: boolean
}

const KEY = 'keelson.session'
const listeners = new Set<() => void>()

function read(): Session {
  const empty: Session = { isLoggedIn: false, token: null, address: null, language: DEFAULT_LANGUAGE, hasNewMessage: false }
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<Session> | null
    if (!raw) return empty
    return {
      isLoggedIn: raw.isLoggedIn === true && typeof raw.token === 'string',
      token: typeof raw.token === 'string' ? raw.token : null,
      address: typeof raw.address === 'string' ? raw.address : null,
      language: isLanguageCode(raw.language) ? raw.language : DEFAULT_LANGUAGE,
      hasNewMessage: raw.hasNewMessage === true,
    }
  } catch {
    return empty
  }
}

let current = read()

export function getSession(): Session {
  return current
}

export function updateSession(patch: Partial<Session>) {
  current = { ...current, ...patch }
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(current))
  } catch {
    // Private mode or a full quota: the session still lives in memory for this tab.
  }
  for (const listener of listeners) listener()
}

/** Forget the token (sign-out, 401, account or chain change); the address and language stay. */
export function clearToken() {
  if (current.token !== null || current.isLoggedIn) updateSession({ token: null, isLoggedIn: false })
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSession<T>(select: (s: Session) => T): T {
  return useSyncExternalStore(subscribeSession, () => select(current), () => select(current))
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY) return
    current = read()
    for (const listener of listeners) listener()
  })
}
