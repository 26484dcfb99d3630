// Keeps the app on chain 1 with a signed-in wallet (DESIGN.md section 4). No wallet, a wrong chain, a refusal or a
// disconnect -> /empty and the stored address is removed; an account or chain change ends the session (the old token
// is revoked on the server with /login_out, then forgotten); a missing token asks for a signature (popup on desktop
// and on the fresh platform, the /sign page on mobile).
import { useEffect, useRef } from 'react'
import { useConnection } from 'wagmi'
import { useSnapshot } from 'valtio'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { authEvents } from '../lib/auth-events.ts'
import { getSession, updateSession, useSession } from '../lib/session.ts'
import { endSession } from '../lib/session-lifecycle.ts'
import { isDesktopNow } from '../lib/use-is-desktop.ts'
import { ui } from '../state/ui.ts'
import { ACCEPTED_CHAIN_ID } from './config.ts'
import { useWalletReady } from './use-wallet-ready.ts'

/** Pages that work without a wallet: the connect prompt itself and the e-mail sign-in pages. */
const OPEN_PATHS = [/^\/empty/, /^\/pass\//, /^\/changepwd/]

export function ChainGuard() {
  const ready = useWalletReady()
  const { status, address, chainId } = useConnection()
  const token = useSession((s) => s.token)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const navigate = useNavigate()
  const lastChain = useRef<number | undefined>(undefined)
  const { isSignDeclined } = useSnapshot(ui)

  const askForSignature = () => {
    if (isDesktopNow() || ui.platform === 'fresh') ui.isSignPopupOpen = true
    else if (!window.location.pathname.startsWith('/sign')) {
      void navigate({ to: '/sign', search: { redirect: window.location.pathname } })
    }
  }

  useEffect(() =>
    authEvents.onReauth(() => {
      ui.isSignDeclined = false
      askForSignature()
    }),
  )

  useEffect(() => {
    if (!ready || status === 'reconnecting' || status === 'connecting') return
    const isOpenPath = OPEN_PATHS.some((re) => re.test(pathname))
    const connected = status === 'connected' && address
    // An e-mail session (a token and no wallet address; a wallet session always has its address) needs no wallet.
    // Once a wallet connects, the wallet rules below apply to it as to anyone.
    const session = getSession()
    if (!connected && session.token !== null && session.address === null) return
    if (!connected || chainId !== ACCEPTED_CHAIN_ID) {
      if (getSession().address !== null) updateSession({ address: null })
      void endSession()
      ui.isSignPopupOpen = false
      if (!isOpenPath) void navigate({ to: '/empty', replace: true })
      lastChain.current = chainId
      return
    }
    const accountChanged = session.address !== null && session.address.toLowerCase() !== address.toLowerCase()
    const chainChanged = lastChain.current !== undefined && lastChain.current !== chainId
    lastChain.current = chainId
    if (accountChanged || chainChanged) void endSession()
    if (session.address?.toLowerCase() !== address.toLowerCase()) updateSession({ address })
    if (!getSession().token) {
      // Cancelled: stay signed out (mobile waits on /empty) until the user chooses to sign in again.
      if (isSignDeclined) {
        if (!isOpenPath && !isDesktopNow() && ui.platform !== 'fresh') void navigate({ to: '/empty', replace: true })
      } else if (pathname.startsWith('/empty')) void navigate({ to: '/', replace: true })
      else if (!isOpenPath) askForSignature()
      return
    }
    if (pathname.startsWith('/empty')) void navigate({ to: '/', replace: true })
    else if (pathname.startsWith('/sign')) void navigate({ to: safeRedirect(window.location.search), replace: true })
  }, [ready, status, address, chainId, token, pathname, navigate, isSignDeclined]) // eslint-disable-line react-hooks/exhaustive-deps

  return null
}

/** Where /sign returns to: a path on this site only. */
export function safeRedirect(search: string): '/' {
  const target = new URLSearchParams(search).get('redirect') ?? '/'
  return (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/sign') ? target : '/') as '/'
}
