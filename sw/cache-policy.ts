// Which /api answers the service worker may keep, and for how long. Plain functions (no workbox), so they are unit
// tested in sw/cache-policy.test.ts.
//
// The rule: no /api answer is cached unless it is explicitly public (PUBLIC_API_PATHS, NEWEST_API_PATHS), content
// (CONTENT_API_PATHS)
// or a content picture (CONTENT_IMAGE_PATH: what an article or answer shows, the same in every language), asked
// without credentials,
// and not marked as moving money. Settings that move money (MONEY_CONFIG_KEYS, or any answer carrying MONEY_HEADER)
// are network-first and served from the cache only when the network fails and the copy is under
// MONEY_CONFIG_MAX_AGE_S old: a stale receiving address or fee is never shown. Everything else under /api
// (authenticated or not) goes to the network untouched.
import { CONTENT_IMAGE_PATH } from '../src/contract/content-image.ts'
import { CONTENT_API_PATHS, MONEY_CONFIG_KEYS, MONEY_CONFIG_MAX_AGE_S, MONEY_HEADER, NEWEST_API_PATHS, PUBLIC_API_PATHS } from '../src/lib/cache-rules.ts'

export type ApiPolicy = 'public' | 'newest' | 'content' | 'content-image' | 'money' | 'network-only'
export type StoredPolicy = Exclude<ApiPolicy, 'network-only'>

/** The header the service worker stamps on what it stores, so an age can be checked without trusting `Date`. */
export const STORED_AT_HEADER = 'x-keelson-stored-at'
export const MONEY_MAX_AGE_MS = MONEY_CONFIG_MAX_AGE_S * 1000

/** null: not an /api call of this origin (the other routes decide). */
export function apiPolicy(request: Request, url: URL, origin: string): ApiPolicy | null {
  if (url.origin !== origin || !url.pathname.startsWith('/api/')) return null
  if (request.method !== 'GET' || request.headers.has('Authorization')) return 'network-only'
  if (url.pathname === '/api/getConfigValue' && MONEY_CONFIG_KEYS.includes(url.searchParams.get('configKey') ?? '')) return 'money'
  if (NEWEST_API_PATHS.includes(url.pathname)) return 'newest'
  if (CONTENT_API_PATHS.includes(url.pathname)) return 'content'
  if (CONTENT_IMAGE_PATH.test(url.pathname) && url.search === '') return 'content-image'
  return PUBLIC_API_PATHS.includes(url.pathname) ? 'public' : 'network-only'
}

/**
 * The key content is kept under: its address plus the Language header it was asked with, since the server answers
 * each language its own version at the same address. (A `lang` query, where the app sends one, is in the address.)
 */
export function contentCacheKey(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.set('__language', request.headers.get('Language') ?? '')
  return url.href
}

/**
 * A complete success; money answers never enter the public cache. The allowlist decides, not Cache-Control: the
 * server sends `no-store` on every /api answer (aimed at shared and browser HTTP caches), public ones included.
 */
export function isStorable(response: Response, policy: StoredPolicy): boolean {
  if (response.status !== 200) return false
  return policy === 'money' || !response.headers.has(MONEY_HEADER)
}

/**
 * An answer saying the kept copy must go: a content picture no published content uses any more (unpublished, or
 * replaced) is a 404 or 410, and the copy kept from when it was published is deleted, not served offline for 30 days.
 * Any other failure (500, offline) keeps the copy.
 */
export function isWithdrawn(response: Response): boolean {
  return response.status === 404 || response.status === 410
}

/** A copy of the response carrying the time it was stored. */
export async function stamp(response: Response, now: number): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(STORED_AT_HEADER, String(now))
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers })
}

/** Stored less than maxAgeMs ago; a copy without a stamp counts as too old. */
export function isFresh(response: Response, now: number, maxAgeMs: number): boolean {
  const storedAt = Number(response.headers.get(STORED_AT_HEADER))
  return Number.isFinite(storedAt) && storedAt > 0 && now - storedAt < maxAgeMs
}

/**
 * A chunk of the WalletConnect bundle (vite.walletconnect.config.ts): content-hashed, so it may be served from the
 * cache for good (a new build brings new names, never a changed file under an old one). The file naming the entry
 * (/walletconnect/entry.json) is not one: it always goes to the network, so a phone never keeps an old entry.
 */
export function isWalletConnectChunk(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/walletconnect\/wc-[A-Za-z0-9_-]{8,}\.js$/.test(url.pathname)
}
