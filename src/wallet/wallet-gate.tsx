// Loads the wallet layer (wagmi, viem, the chain guard, the sign popup) only when a wallet matters, so a signed-out
// visitor's first visit fetches none of it: when the stored session has a wallet address (a reload keeps the
// session), on /empty and /sign, when something asks for it (ui.isWalletWanted), or when a wallet announces itself
// (EIP-6963) in a browser that signed in with a wallet before. Once loaded it stays.
import { Suspense, lazy, useEffect, type ComponentProps, type ReactNode } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useSession } from '../lib/session.ts'
import { ui } from '../state/ui.ts'
import { isWalletRemembered } from './remembered.ts'
import { listenForSessionEvents } from './wallet-session-events.ts'

const WalletLayer = lazy(() => import('./wallet-layer.tsx').then((m) => ({ default: m.WalletLayer })))

export const WALLET_PATH = /^\/(empty|sign)(\/|$)/

export function needsWallet(s: { storedAddress: string | null; pathname: string; isWalletWanted: boolean }): boolean {
  return s.isWalletWanted || s.storedAddress !== null || WALLET_PATH.test(s.pathname)
}

/** A remembered wallet that is present again loads the layer; costs one event listener until then. */
function watchRememberedWallet(): () => void {
  if (!isWalletRemembered()) return () => undefined
  const announced = () => void (ui.isWalletWanted = true)
  window.addEventListener('eip6963:announceProvider', announced, { once: true })
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => window.removeEventListener('eip6963:announceProvider', announced)
}

export function WalletGate() {
  const storedAddress = useSession((s) => s.address)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const { isWalletWanted } = useSnapshot(ui)
  const needed = needsWallet({ storedAddress, pathname, isWalletWanted })
  useEffect(() => {
    if (needed) ui.isWalletWanted = true
  }, [needed])
  useEffect(watchRememberedWallet, [])
  useEffect(listenForSessionEvents, [])
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <WalletLayer />
    </Suspense>
  )
}

const ConnectPanel = lazy(() => import('./components/connect-panel.tsx').then((m) => ({ default: m.ConnectPanel })))
const SignPanel = lazy(() => import('./components/sign-panel.tsx').then((m) => ({ default: m.SignPanel })))

/** The connect panel of /empty, with wagmi loaded on demand; the heading holds the place meanwhile. */
export function LazyConnectPanel({ fallback }: { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <ConnectPanel />
    </Suspense>
  )
}

export function LazySignPanel(props: ComponentProps<typeof SignPanel> & { fallback: ReactNode }) {
  const { fallback, ...rest } = props
  return (
    <Suspense fallback={fallback}>
      <SignPanel {...rest} />
    </Suspense>
  )
}
