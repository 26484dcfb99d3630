// AppKit's catalogue of every WalletConnect wallet (search, logos), opened from "More wallet apps". A chunk of the
// WalletConnect bundle (vite.walletconnect.config.ts) that walletconnect-bundle.ts imports only when the user asks
// for the catalogue: a reload that restores a session, or a pick from the app's own list, never loads it.
// AppKit runs on the page's one UniversalProvider, so a session it settles is the one the app's wagmi connector
// (walletconnect-connector.ts) adopts: the rest of the app (chain guard, personal_sign, reload) sees no difference.
// It is the modal (AppKit's headless mode needs a paid plan, checked against the hosted API at run time), themed
// to the app's tokens; its text is AppKit's own, in English (docs/operations.md).
import { createAppKit } from '@reown/appkit/core'
import { EventsController } from '@reown/appkit-controllers'
import { mainnet } from '@reown/appkit/networks'
import type { WalletConnectOptions, WalletConnectProvider } from './walletconnect-bundle.ts'

export type CatalogueOptions = {
  projectId: string
  metadata: WalletConnectOptions['metadata']
  /** The app's colour scheme and tokens, read from the page when the catalogue opens. */
  theme: { mode: 'dark' | 'light'; accent: string; fontFamily: string }
  /** The wallets the app lists itself, first in AppKit's list too. */
  featuredWalletIds: string[]
}

/** The hosted catalogue AppKit reads (a constant of AppKit's: tests serve it from a local fixture). */
export const CATALOGUE_API = 'https://api.web3modal.org'

type Kit = ReturnType<typeof createAppKit>
let kit: Kit | null = null

/**
 * AppKit still reports a few events with analytics off (its start, a connection, which wallets were shown): with
 * these stubbed, nothing about the user goes to WalletConnect's analytics (the e2e test watches for it).
 */
function silenceAnalytics(): void {
  EventsController.sendEvent = () => undefined
  EventsController.sendWalletImpressionEvent = () => undefined
  EventsController._submitPendingEvents = () => undefined
}

function appKit(provider: WalletConnectProvider, options: CatalogueOptions): Kit {
  if (kit) return kit
  silenceAnalytics()
  kit = createAppKit({
    projectId: options.projectId,
    networks: [mainnet],
    universalProvider: provider as never,
    metadata: options.metadata,
    // What sign-in needs and nothing else: the guard-rules allowlist (personal_sign) holds on this path too.
    universalProviderConfigOverride: {
      chains: { eip155: ['eip155:1'] },
      methods: { eip155: ['personal_sign'] },
      events: { eip155: ['accountsChanged', 'chainChanged'] },
    },
    defaultAccountTypes: { eip155: 'eoa' },
    features: {
      analytics: false,
      onramp: false,
      swaps: false,
      email: false,
      emailShowWallets: false,
      socials: false,
      history: false,
      send: false,
      receive: false,
    },
    // Only wallet apps over WalletConnect: browser wallets are already on the app's own screen.
    enableInjected: false,
    enableEIP6963: false,
    enableCoinbase: false,
    enableBaseAccount: false,
    enableReconnect: false,
    enableNetworkSwitch: false,
    enableWalletGuide: false,
    allowUnsupportedChain: false,
    debug: false,
    featuredWalletIds: options.featuredWalletIds,
    themeMode: options.theme.mode,
    themeVariables: {
      '--w3m-accent': options.theme.accent,
      '--w3m-font-family': options.theme.fontFamily,
      '--w3m-border-radius-master': '3px',
      '--w3m-z-index': 1000,
    },
  })
  return kit
}

/**
 * Whether AppKit's catalogue answers (it is hosted, not the relay): the modal would otherwise open on a list that
 * spins for good.
 */
export async function catalogueAnswers(projectId: string): Promise<boolean> {
  const url = new URL(`${CATALOGUE_API}/getWallets`)
  url.search = new URLSearchParams({ projectId, st: 'appkit', page: '1', entries: '1' }).toString()
  try {
    const response = await fetch(url)
    return response.ok
  } catch {
    return false
  }
}

/**
 * Opens the catalogue on its list of every wallet; resolves once it is on screen. onClosed runs once when it closes
 * (a wallet connected, or the user dismissed it).
 */
export async function openCatalogue(provider: WalletConnectProvider, options: CatalogueOptions, onClosed: () => void): Promise<void> {
  const modal = appKit(provider, options)
  let opened = false
  const stop = modal.subscribeState(({ open }) => {
    if (open) opened = true
    else if (opened) {
      stop()
      onClosed()
    }
  })
  await modal.open({ view: 'AllWallets' })
}

/** Closes the catalogue (a wallet connected through it, or the user went on without it). */
export async function closeCatalogue(): Promise<void> {
  await kit?.close()
}
