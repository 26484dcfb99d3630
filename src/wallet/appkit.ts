// WalletConnect (mobile wallets) through Reown AppKit, only when VITE_REOWN_PROJECT_ID is set. AppKit is loaded on
// first use, never on the home page. Opening its modal races a timeout, because AppKit waits forever when its
// relay cannot be reached; the caller then falls back to the injected list. Once a mobile wallet connects, its
// EIP-1193 provider is announced through EIP-6963, so wagmi sees it like any injected wallet and the rest of the
// app (chain guard, sign-in) needs no second code path.
import type { EIP1193Provider } from 'viem'

export const REOWN_PROJECT_ID = import.meta.env.VITE_REOWN_PROJECT_ID ?? ''
export const APPKIT_OPEN_TIMEOUT_MS = 8000
export const WALLETCONNECT_RDNS = 'com.walletconnect.appkit'

export const isAppKitConfigured = () => REOWN_PROJECT_ID.length > 0

type Modal = { open: () => Promise<unknown> }
type Bundle = { createWalletConnect: (projectId: string, onProvider: (provider: unknown) => void) => Modal }
/** Built by vite.walletconnect.config.ts; cached by the service worker on first use. */
const BUNDLE_URL = '/walletconnect/appkit.js'
let modal: Promise<Modal> | null = null

function announce(provider: EIP1193Provider) {
  const detail = Object.freeze({
    info: { uuid: crypto.randomUUID(), name: 'WalletConnect', icon: '/icons/walletconnect.svg', rdns: WALLETCONNECT_RDNS },
    provider,
  })
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

async function load(): Promise<Modal> {
  const bundle = (await import(/* @vite-ignore */ BUNDLE_URL)) as Bundle
  return bundle.createWalletConnect(REOWN_PROJECT_ID, (provider) => announce(provider as EIP1193Provider))
}

/** Opens the WalletConnect modal; resolves false when AppKit is off, failed, or did not open in time. */
export async function openWalletConnect(): Promise<boolean> {
  if (!isAppKitConfigured()) return false
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), APPKIT_OPEN_TIMEOUT_MS)))
  const opening = (async () => {
    modal ??= load()
    await (await modal).open()
    return true as const
  })().catch(() => false as const)
  const opened = await Promise.race([opening, timeout])
  clearTimeout(timer)
  return opened
}
