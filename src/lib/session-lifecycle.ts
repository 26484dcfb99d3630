// How a session begins and ends, for every way in (wallet, e-mail, a one-time code from a redirect) and out
// (sign-out, account or chain change).
import { authApi } from '#contract/auth.ts'
import { api, ApiError } from './api.ts'
import { authEvents } from './auth-events.ts'
import { clearToken, getSession, setSessionUser, startSession, updateSession } from './session.ts'

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

/**
 * The user's "Sign out": the wallet layer hears it first (it stops asking for signatures and disconnects the
 * wallet), the stored address goes, and the session ends on the server and here; every private query goes with
 * the user id (src/app/private-data.ts). Nothing asks for a signature afterwards until the user chooses to sign in.
 */
export async function signOut(): Promise<void> {
  const walletGone = authEvents.signedOut()
  updateSession({ address: null })
  await Promise.all([endSession(), walletGone])
}

/**
 * The server closed the socket with 4001: the bound token was revoked (signed out elsewhere, password changed) or
 * expired. Treated as a sign-out, without asking the wallet; a token that is no longer the session's is ignored.
 */
export function forgetRevokedSession(token: string): void {
  if (getSession().token !== token) return
  void authEvents.signedOut()
  clearToken()
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
