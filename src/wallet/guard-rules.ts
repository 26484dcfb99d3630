// What the chain guard does about one wallet/session state (docs/api.md, "Sign-in"), as a pure function so every rule
// has a test. A signed-in wallet that disconnects or leaves chain 1 goes to /empty with its address and token gone;
// an account change revokes the old token and asks for a new signature. A signed-out visitor is never pushed
// anywhere and never asked to sign unless they chose to (tapped a wallet, Sign in, Switch, or a 401 needs a new
// signature): after "Sign out" the guard waits.

export type GuardState = {
  connected: boolean
  onAcceptedChain: boolean
  walletAddress: string | null
  token: string | null
  storedAddress: string | null
  /** The user asked to sign in with the wallet (or a 401 needs a new signature). */
  isSignWanted: boolean
  pathname: string
}

export type GuardAction = {
  /** End the session: /login_out with the old token, then forget it. */
  revoke?: boolean
  /** Store this address (null removes it). */
  address?: string | null
  /** Move here (replacing the history entry). */
  go?: '/empty' | '/' | 'back'
  /** Ask the wallet to sign; after signing, return to this path. */
  askReturnTo?: string
  /** The user's wish to sign in is fulfilled or void. */
  settleWish?: boolean
}

/** Pages that work without a wallet: the connect prompt and the e-mail sign-in pages. */
const OPEN_PATH = /^\/(empty|pass|changepwd)(\/|$)/
const WALLET_PAGE = /^\/(empty|sign)(\/|$)/
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

export function guardAction(s: GuardState): GuardAction {
  const isOpen = OPEN_PATH.test(s.pathname)
  const onSign = s.pathname.startsWith('/sign')
  const isEmailSession = s.token !== null && s.storedAddress === null
  if (!s.connected) {
    if (isEmailSession) return {}
    if (s.token !== null) return { revoke: true, address: null, go: isOpen ? undefined : '/empty', settleWish: true }
    // Signed out: forget a stale address quietly; /sign has nothing to sign without a wallet.
    return { ...(s.storedAddress !== null && { address: null }), ...(onSign && { go: '/empty' as const }) }
  }
  if (!s.onAcceptedChain) {
    const isIdle = (s.token === null && s.storedAddress === null) || isEmailSession
    if (isIdle && !s.isSignWanted && !onSign) return {}
    return { revoke: s.token !== null && !isEmailSession, address: null, go: isOpen ? undefined : '/empty' }
  }
  const wallet = s.walletAddress
  if (s.token !== null && !isEmailSession && !same(s.storedAddress, wallet)) {
    // Another account in the same wallet: the old token dies on the server, the new account signs.
    return { revoke: true, address: wallet, askReturnTo: returnPath(s.pathname) }
  }
  if (s.token !== null && !(isEmailSession && s.isSignWanted)) {
    if (WALLET_PAGE.test(s.pathname)) return { go: onSign ? 'back' : '/', settleWish: s.isSignWanted }
    return s.isSignWanted ? { settleWish: true } : {}
  }
  if (!s.isSignWanted || (isOpen && !s.pathname.startsWith('/empty'))) return {}
  return { askReturnTo: returnPath(s.pathname) }
}

/** After signing from the connect or sign page, the user lands home; elsewhere they stay where they were. */
function returnPath(pathname: string): string {
  return WALLET_PAGE.test(pathname) ? '/' : pathname
}

/** Where /sign returns to: a path on this site only. */
export function safeRedirect(search: string): '/' {
  const target = new URLSearchParams(search).get('redirect') ?? '/'
  return (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/sign') ? target : '/') as '/'
}
