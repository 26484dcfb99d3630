// The one way the app talks to the server (docs/api.md): the four headers, an 8 s timeout, the envelope,
// 401 -> re-authentication, 500 -> msg or 'Request Error', any other failure -> msg or 'request error'.
// Authorization goes only to endpoints that need it (endpoint.auth), so public answers (news, help, notice, language
// list, config) are the same for everyone and the service worker may cache them for signed-in users too.
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BodyOf, DataOf, Endpoint, QueryOf } from '#contract/endpoint.ts'
import { authEvents } from './auth-events.ts'
import { legalEvents } from './legal-events.ts'
import { clearToken, getSession } from './session.ts'

export const REQUEST_TIMEOUT_MS = 8000
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api'

/** The product's fallbacks when the server gives no message: 'Request Error' for a 500, 'request error' else. */
const FALLBACK = { serverError: msg`Request Error`, requestError: msg`request error` }

export class ApiError extends Error {
  readonly code: number
  /** The envelope's data beside a refusal, when the server sends any (a 409 priceMoved's quote); else null. */
  readonly data: unknown
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg)
    this.name = 'ApiError'
    this.code = code
    this.data = data
  }
}

export type ApiOptions<E extends Endpoint> = {
  query?: QueryOf<E>
  body?: BodyOf<E>
  /** Required by the server on every call that moves money. */
  idempotencyKey?: string
  signal?: AbortSignal
  /** Use this token instead of the session's: a sign-in learning its user, a sign-out revoking the old token. */
  token?: string
  /** The operator console's token (src/ops/api.ts): sent on any endpoint, and a 401 never ends the user's session. */
  operatorToken?: string
  /** A multipart body (a picture for /imgUpload) instead of JSON; the browser sets its Content-Type. */
  form?: FormData
}

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v))
  const s = qs.toString()
  return `${API_BASE}${path}${s ? `?${s}` : ''}`
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined
}

export async function api<E extends Endpoint>(endpoint: E, options: ApiOptions<E> = {}): Promise<DataOf<E>> {
  const session = getSession()
  const headers: Record<string, string> = {
    Language: session.language,
    RequestUrl: typeof location === 'undefined' ? '' : location.host,
  }
  const token = options.token ?? session.token
  if (options.operatorToken) headers.Authorization = `Bearer ${options.operatorToken}`
  else if (endpoint.auth && token) headers.Authorization = token
  const invite = readCookie('invitecode')
  if (invite) headers.invitecode = invite
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  if (endpoint.method === 'POST' && !options.form) headers['Content-Type'] = 'application/json'

  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal
  let response: Response
  try {
    response = await fetch(buildUrl(endpoint.path, options.query as Record<string, unknown> | undefined), {
      method: endpoint.method,
      headers,
      body: endpoint.method !== 'POST' ? undefined : (options.form ?? JSON.stringify(options.body ?? {})),
      signal,
    })
  } catch (error) {
    if (timeout.signal.aborted) throw new ApiError(408, i18n._(FALLBACK.requestError))
    throw error
  } finally {
    clearTimeout(timer)
  }

  type Loose = { code?: unknown; msg?: unknown; data?: unknown }
  const envelope = (await response.json().catch(() => null)) as Loose | null
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status
  const text = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : ''
  if (code === 200) return envelope?.data as DataOf<E>
  // A 401 on a call that needs a token means the session is gone; sign-in itself answering 401 (an expired or
  // reused signature) must not start another round of signing, nor may the answer for a token that is no longer the
  // session's (a revoked old token, a sign-in still learning its user).
  if (code === 401 && endpoint.auth && token !== null && token === getSession().token) {
    clearToken()
    authEvents.requestReauth()
    throw new ApiError(401, text || i18n._(FALLBACK.requestError))
  }
  if (code === 500) throw new ApiError(500, text || i18n._(FALLBACK.serverError))
  if (code === 409) legalEvents.inspect(envelope?.data)
  throw new ApiError(code, text || i18n._(FALLBACK.requestError), envelope?.data ?? null)
}
