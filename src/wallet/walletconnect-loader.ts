// WalletConnect (wallet apps on a phone, or a phone wallet scanning a QR on a desktop), only with a project id.
// The relay client is a bundle of its own (walletconnect-bundle.ts) loaded by URL for a user who has or starts a
// session: a cheap check of this browser's own marker decides whether a reload needs it. Every wait on it has a
// deadline (the relay can be unreachable and the client then waits forever), and a failed load is never
// remembered, so a retry works once the network is back, without a reload.
import type { WalletConnectOptions, WalletConnectProvider } from './walletconnect-bundle.ts'

type Bundle = typeof import('./walletconnect-bundle.ts')
type RuntimeConfig = { projectId?: string; relayUrl?: string }

/**
 * Build-time configuration (VITE_REOWN_PROJECT_ID; VITE_WALLETCONNECT_RELAY_URL for another relay), which a
 * deployment (or a test, pointing to its local relay) may override before the app starts with
 * `window.keelsonWalletConnect = { projectId, relayUrl }`.
 */
function runtimeConfig(): RuntimeConfig {
  return (globalThis as { keelsonWalletConnect?: RuntimeConfig }).keelsonWalletConnect ?? {}
}
export const walletConnectProjectId = () => runtimeConfig().projectId ?? import.meta.env.VITE_REOWN_PROJECT_ID ?? ''
const relayUrl = () => runtimeConfig().relayUrl ?? (import.meta.env.VITE_WALLETCONNECT_RELAY_URL || undefined)
export const isWalletConnectConfigured = () => walletConnectProjectId().length > 0

/**
 * How long the relay (or the bundle) may take before the user hears that WalletConnect cannot be reached: the
 * promise is "within 8 s", and loading the wallet code and drawing the message take their share too.
 */
export const WALLETCONNECT_DEADLINE_MS = 6000

/** A WalletConnect step that did not finish in time or failed for want of a network. */
export class WalletConnectOffline extends Error {
  constructor() {
    super('WalletConnect unreachable')
    this.name = 'WalletConnectOffline'
  }
}

export function withDeadline<T>(promise: Promise<T>, ms = WALLETCONNECT_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new WalletConnectOffline()), ms)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** The built bundle's content-hashed entry, named by a small file the build writes beside it. */
const ENTRY_LIST = '/walletconnect/entry.json'

async function importBundle(): Promise<Bundle> {
  if (import.meta.env.DEV) return import('./walletconnect-bundle.ts')
  const response = await fetch(ENTRY_LIST, { cache: 'no-cache' })
  if (!response.ok) throw new WalletConnectOffline()
  const { entry } = (await response.json()) as { entry: string }
  return (await import(/* @vite-ignore */ entry)) as Bundle
}

let loading: Promise<{ bundle: Bundle; provider: WalletConnectProvider }> | null = null

/** The page's one WalletConnect provider; a failed attempt is forgotten so the next one starts afresh. */
export function loadWalletConnect(metadata: WalletConnectOptions['metadata']) {
  loading ??= (async () => {
    // A bundle that cannot be fetched (no network, and not kept by the service worker yet) is "offline" too.
    const bundle = await importBundle().catch((error: unknown) => {
      throw error instanceof WalletConnectOffline ? error : new WalletConnectOffline()
    })
    const provider = await bundle.createWalletConnect({ projectId: walletConnectProjectId(), relayUrl: relayUrl(), metadata })
    return { bundle, provider }
  })()
  const attempt = loading
  const forget = () => {
    if (loading === attempt) loading = null
  }
  attempt.catch(forget)
  // Too late counts as failed too: the next try starts afresh instead of waiting on a relay that never answered.
  return withDeadline(attempt).catch((error: unknown) => {
    forget()
    throw error
  })
}

// This browser's own note that a WalletConnect session was settled (and not ended since): a reload checks it before
// loading anything. The session itself lives in the relay client's storage.
const SESSION_KEY = 'keelson.walletconnect'

export function hasWalletConnectSession(): boolean {
  try {
    return isWalletConnectConfigured() && globalThis.localStorage?.getItem(SESSION_KEY) === '1'
  } catch {
    return false
  }
}

export function noteWalletConnectSession(live: boolean): void {
  try {
    if (live) globalThis.localStorage?.setItem(SESSION_KEY, '1')
    else globalThis.localStorage?.removeItem(SESSION_KEY)
  } catch {
    // Private mode: the session then lasts as long as the tab.
  }
}
