// What the wallet side does when the session changes, registered once with the app (wallet-gate.tsx imports it),
// so it also holds while the wallet layer is still loading: a 401 wants a new signature; a sign-out (or a session
// the server ended) stops all asking, forgets that this browser used a wallet and disconnects the wallet, after
// wagmi's one reconnect attempt has settled (disconnecting a half-restored connection would do nothing).
import { authEvents } from '../lib/auth-events.ts'
import { getSession } from '../lib/session.ts'
import { ui } from '../state/ui.ts'
import { rememberWallet } from './remembered.ts'

/** wagmi knows a connection from an earlier visit (its own storage key). */
const wagmiRemembers = () => {
  try {
    return globalThis.localStorage?.getItem('wagmi.recentConnectorId') !== null
  } catch {
    return false
  }
}

async function disconnectWallet(): Promise<void> {
  const [{ disconnect }, { wagmiConfig }, { restoreWallet }] = await Promise.all([
    import('wagmi/actions'),
    import('./config.ts'),
    import('./use-wallet-ready.ts'),
  ])
  await restoreWallet()
  await disconnect(wagmiConfig).catch(() => undefined)
}

export function listenForSessionEvents(): () => void {
  const offReauth = authEvents.onReauth(() => void (ui.isSignWanted = true))
  const offSignedOut = authEvents.onSignedOut(() => {
    ui.isSignWanted = false
    ui.isSignPopupOpen = false
    rememberWallet(false)
    // The address is still there: listeners hear the sign-out before the session forgets it.
    if (ui.isWalletWanted || getSession().address !== null || wagmiRemembers()) return disconnectWallet()
    return undefined
  })
  return () => {
    offReauth()
    offSignedOut()
  }
}
