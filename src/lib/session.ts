// The browser-stored login state: login flag, token, the user id the token belongs to, wallet
// address, language and the new-message flag, kept in localStorage so a reload stays signed in. React reads it
// through useSession().
//
// The token and the user id change together (startSession, clearToken) and nothing else can set them: private query
// keys start with the user id (src/lib/query-keys.ts), so a query can only run once the id is known, and never under
// one user's key with another user's token.
import { useSyncExternalStore } from 'react'
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '#contract/locales.ts'
import { browserLanguages, matchBrowserLanguage } from './browser-language.ts'

export type Session = {
  isLoggedIn: boolean
  token: string | null
  /** Whose token it is; null until the account info answered (a session stored before ids were kept). */
  userId: string | null
  address: string | null
  language: LanguageCode
  hasNewMessage: boolean
}

/** What anyone may change; the token and the user id only move through startSession and clearToken. */
type Preferences = Partial<Pick<Session, 'address' | 'language' | 'hasNewMessage'>>

const KEY = 'keelson.session'
const listeners = new Set<() => void>()

/** Without a stored choice: the browser's language when the app has it (the first visit), else the default. */
const firstLanguage = (): LanguageCode => matchBrowserLanguage(browserLanguages()) ?? DEFAULT_LANGUAGE

function read(): Session {
  const empty: Session = { isLoggedIn: false, token: null, userId: null, address: null, language: firstLanguage(), hasNewMessage: false }
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<Session> | null
    if (!raw) return empty
    const token = typeof raw.token === 'string' ? raw.token : null
    return {
      isLoggedIn: raw.isLoggedIn === true && token !== null,
      token,
      userId: token !== null && typeof raw.userId === 'string' ? raw.userId : null,
      address: typeof raw.address === 'string' ? raw.address : null,
      language: isLanguageCode(raw.language) ? raw.language : firstLanguage(),
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

function write(next: Session) {
  current = next
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(current))
  } catch {
    // Private mode or a full quota: the session still lives in memory for this tab.
  }
  for (const listener of listeners) listener()
}

export function updateSession(patch: Preferences) {
  write({ ...current, ...patch })
}

/** A sign-in finished: the token and whose it is arrive in one step. */
export function startSession(next: { token: string; userId: string; address: string | null }) {
  write({ ...current, ...next, isLoggedIn: true, hasNewMessage: false })
}

/** A stored session learned its user id (see resumeSession); ignored if the token changed meanwhile. */
export function setSessionUser(token: string, userId: string) {
  if (current.token === token && current.userId === null) write({ ...current, userId })
}

/** Forget the token and its user (sign-out, 401, account or chain change); the address and language stay. */
export function clearToken() {
  if (current.token !== null || current.isLoggedIn || current.userId !== null) {
    write({ ...current, token: null, userId: null, isLoggedIn: false, hasNewMessage: false })
  }
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
