// How a session begins and ends, for every way in (wallet, e-mail, a one-time code from a redirect) and out
// (sign-out, account or chain change).
import { authApi } from '#contract/auth.ts'
import { api, ApiError } from './api.ts'
import { authEvents } from './auth-events.ts'
import { clearToken, getSession, setSessionUser, startSession } from './session.ts'

/** A new token: learn whose it is, then store both at once, so private queries start under the right user. */
export async function beginSession(token: string, address: string | null): Promise<void> {
  const account = await api(authApi.myAccountInfo, { token })
  startSession({ token, userId: account.id, address })
  authEvents.signedIn()
}

/**
 * Revokes the token on the server and forgets it here. The request leaves with the old token before the session
 * drops it (api() builds its headers synchronously), so the old token dies on the server even when the answer never
 * comes back; the returned promise settles with that answer and never rejects.
 */
export function endSession(): Promise<void> {
  const { token } = getSession()
  const revoking = token ? api(authApi.loginOut, { body: {}, token }).then(() => undefined, () => undefined) : Promise.resolve()
  clearToken()
  return revoking
}

/** A session stored before user ids were kept learns its id; a dead token signs out (api() handles the 401). */
export async function resumeSession(): Promise<void> {
  const { token, userId } = getSession()
  if (!token || userId) return
  const account = await api(authApi.myAccountInfo, { token }).catch(() => null)
  if (account) setSessionUser(token, account.id)
}

/**
 * A redirect that signs a user in (an e-mail link, OAuth) carries a one-time code, never a token; it buys the token
 * with POST /exchangeLoginCode. Resolves to null when signed in, else to the server's message.
 */
export async function exchangeLoginCode(code: string): Promise<string | null> {
  try {
    const token = await api(authApi.exchangeLoginCode, { body: { code } })
    await beginSession(token, null)
    return null
  } catch (error) {
    return error instanceof ApiError || error instanceof Error ? error.message : String(error)
  }
}
