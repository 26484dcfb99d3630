// Keeps the app on chain 1 with a signed-in wallet (docs/api.md, "Sign-in"); the rules are in guard-rules.ts. This
// component feeds them the wallet and session state and carries out what they say: revoke (/login_out, then forget
// the token), store or remove the address, move to /empty, and ask for a signature (a popup on desktop and on the
// fresh platform, the /sign page on mobile). Sign-out and 401s are handled in wallet-session-events.ts.
import { useEffect } from 'react'
import { useConnection } from 'wagmi'
import { useSnapshot } from 'valtio'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { updateSession, useSession } from '../lib/session.ts'
import { endSession } from '../lib/session-lifecycle.ts'
import { isDesktopNow } from '../lib/use-is-desktop.ts'
import { ui } from '../state/ui.ts'
import { ACCEPTED_CHAIN_ID, wagmiConfig } from './config.ts'
import { guardAction, safeRedirect } from './guard-rules.ts'
import { useWalletReady } from './use-wallet-ready.ts'

export function ChainGuard() {
  const ready = useWalletReady()
  const { status, address, chainId } = useConnection({ config: wagmiConfig })
  const token = useSession((s) => s.token)
  const storedAddress = useSession((s) => s.address)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const navigate = useNavigate()
  const { isSignWanted } = useSnapshot(ui)

  useEffect(() => {
    if (!ready || status === 'reconnecting' || status === 'connecting') return
    const connected = status === 'connected' && address !== undefined
    const action = guardAction({
      connected,
      onAcceptedChain: connected && chainId === ACCEPTED_CHAIN_ID,
      walletAddress: address ?? null,
      token,
      storedAddress,
      isSignWanted,
      pathname,
    })
    if (action.revoke) void endSession()
    if (action.address !== undefined) updateSession({ address: action.address })
    if (action.settleWish) ui.isSignWanted = false
    if (action.go === '/empty') {
      ui.isSignPopupOpen = false
      void navigate({ to: '/empty', replace: true })
    } else if (action.go === '/') void navigate({ to: '/', replace: true })
    else if (action.go === 'back') void navigate({ to: safeRedirect(window.location.search), replace: true })
    if (action.askReturnTo !== undefined) {
      ui.isSignWanted = true
      const onSignPage = pathname.startsWith('/sign')
      if (isDesktopNow() || ui.platform === 'fresh') {
        if (!onSignPage) ui.isSignPopupOpen = true
        if (pathname.startsWith('/empty')) void navigate({ to: '/', replace: true })
      } else if (!onSignPage) {
        void navigate({ to: '/sign', search: { redirect: action.askReturnTo }, replace: pathname.startsWith('/empty') })
      }
    }
  }, [ready, status, address, chainId, token, storedAddress, pathname, navigate, isSignWanted])

  return null
}
