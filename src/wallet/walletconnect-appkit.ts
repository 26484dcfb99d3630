// AppKit's catalogue of every WalletConnect wallet (search, logos), opened from "More wallet apps". A chunk of the
// WalletConnect bundle (vite.walletconnect.config.ts) that walletconnect-bundle.ts imports only when the user asks
// for the catalogue: a reload that restores a session, or a pick from the app's own list, never loads it.
// AppKit runs with its wagmi adapter on the app's one wagmi config (config.ts) and on the page's one
// UniversalProvider: a wallet picked in the catalogue is connected by wagmi's connect() through the app's own
// WalletConnect connector (walletconnect-connector.ts), so the rest of the app (chain guard, personal_sign, the 8 s
// deadlines, reload) sees no difference. It is AppKit's modal, themed to the app's tokens; its text is AppKit's own,
// in English (docs/operations.md says why, and why not headless). AppKit's core build (@reown/appkit/core) always
// runs "basic": it never fetches the project's hosted feature switches, which would otherwise override the
// features below (e-mail, social, swap and on-ramp are switched per project in Reown's dashboard; headless mode is
// one of those switches too), and it lists only the wallets that speak WalletConnect.
import { createAppKit } from '@reown/appkit/core'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { EventsController, WalletConnectConnector } from '@reown/appkit-controllers'
import { mainnet } from '@reown/appkit/networks'
import type { Config } from 'wagmi'
import type { WalletConnectOptions, WalletConnectProvider } from './walletconnect-bundle.ts'

export type CatalogueOptions = {
  projectId: string
  metadata: WalletConnectOptions['metadata']
  /** The app's colour scheme and tokens, read from the page when the catalogue opens. */
  theme: { mode: 'dark' | 'light'; accent: string; fontFamily: string; radius: string; colorMix: string }
  /** The wallets the app lists itself, first in AppKit's list too. */
  featuredWalletIds: string[]
}

/** The hosted catalogue AppKit reads (a constant of AppKit's: tests serve it from a local fixture). */
export const CATALOGUE_API = 'https://api.web3modal.org'

/**
 * AppKit's wagmi adapter, on the app's wagmi config. The adapter has no option for an existing config (it always
 * creates one from its parameters, meant to become the app's): the one it creates here is inert (no connectors, no
 * storage, no EIP-6963 discovery) and is replaced at once by the app's, which every method of the adapter reads as
 * `this.wagmiConfig`. Three of its defaults would reach into the app's config and are narrowed here:
 * - it would add a second wagmi connector with the id 'walletConnect' beside the app's own: only AppKit's side of
 *   it (the WalletConnect connector of its own lists) is registered, so wagmi's connect() finds the app's;
 * - at start (reconnect off) it would disconnect every wagmi connection, browser wallets included: the app's
 *   connections are the app's to end (sign-out does), so AppKit's disconnect leaves them;
 * - it would let AppKit reconnect the connectors it remembers: the app restores its own session (reconnect()).
 * It would also read the connected account's balance for AppKit's account view, which the app never opens.
 */
export class AppWagmiAdapter extends WagmiAdapter {
  constructor(config: Config, projectId: string) {
    super({ networks: [mainnet], projectId, connectors: [], storage: null, multiInjectedProviderDiscovery: false, ssr: true })
    this.wagmiConfig = config
  }

  override async setUniversalProvider(universalProvider: Parameters<WagmiAdapter['setUniversalProvider']>[0]): Promise<void> {
    this.addConnector(new WalletConnectConnector({ provider: universalProvider, caipNetworks: this.getCaipNetworks(), namespace: 'eip155' }))
    return Promise.resolve()
  }

  override async disconnect(_parameters?: Parameters<WagmiAdapter['disconnect']>[0]): ReturnType<WagmiAdapter['disconnect']> {
    return Promise.resolve({ connections: [] })
  }

  override async syncConnections(): Promise<void> {
    return Promise.resolve()
  }

  override async getBalance(): ReturnType<WagmiAdapter['getBalance']> {
    return Promise.resolve({ balance: '', symbol: '' })
  }
}

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

function appKit(config: Config, provider: WalletConnectProvider, options: CatalogueOptions): Kit {
  if (kit) return kit
  silenceAnalytics()
  kit = createAppKit({
    projectId: options.projectId,
    networks: [mainnet],
    adapters: [new AppWagmiAdapter(config, options.projectId)],
    universalProvider: provider as never,
    metadata: options.metadata,
    // What sign-in needs and nothing else: the guard-rules allowlist (personal_sign) holds on this path too. The
    // proposal itself is the app's connector's (walletconnect-bundle.ts, NAMESPACES); this covers AppKit's own.
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
      '--w3m-color-mix': options.theme.colorMix,
      '--w3m-color-mix-strength': 8,
      '--w3m-font-family': options.theme.fontFamily,
      '--w3m-border-radius-master': options.theme.radius,
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
 * Opens the catalogue on its list of every wallet, with AppKit on the app's wagmi config; resolves once it is on
 * screen. onClosed runs once when it closes (a wallet connected, or the user dismissed it).
 */
export async function openCatalogue(config: Config, provider: WalletConnectProvider, options: CatalogueOptions, onClosed: () => void): Promise<void> {
  const modal = appKit(config, provider, options)
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

/** Closes the catalogue (the user went on without it). */
export async function closeCatalogue(): Promise<void> {
  await kit?.close()
}
