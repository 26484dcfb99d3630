// Built on its own (vite.walletconnect.config.ts -> dist/walletconnect/, content-hashed and pre-compressed) and
// imported by walletconnect-loader.ts only for a user who has or starts a WalletConnect session, so the relay
// client and its crypto never share chunks with the first visit. One UniversalProvider per page: it keeps the
// session in the browser's storage, so a reload (or the installed app reopening) finds it again.
import { UniversalProvider } from '@walletconnect/universal-provider'

export type WalletConnectOptions = {
  projectId: string
  /** The relay; unset = WalletConnect's own. Tests point it to a local relay. */
  relayUrl: string | undefined
  metadata: { name: string; description: string; url: string; icons: string[]; redirect: { universal: string; native?: string } }
}

export type WalletConnectProvider = InstanceType<typeof UniversalProvider>
export type { CatalogueOptions } from './walletconnect-appkit.ts'

/** AppKit's catalogue of every wallet: a chunk of its own, loaded the first time a user asks for it. */
export const loadCatalogue = () => import('./walletconnect-appkit.ts')

export const CHAIN = 'eip155:1'
/** What the app may ask the wallet for: the sign-in signature, nothing else (guard-rules allowlist). */
const NAMESPACES = { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] } }

export async function createWalletConnect(options: WalletConnectOptions): Promise<WalletConnectProvider> {
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    logger: 'error',
    // The provider answers eth_accounts / eth_chainId itself; chain reads never go through WalletConnect's RPC.
    disableProviderPing: true,
  })
  if (provider.session) provider.setDefaultChain(CHAIN)
  return provider
}

export type Proposal = { settled: Promise<void>; abandon: () => void }

/**
 * Proposes a session; onUri gets the pairing URI (deep link or QR) as soon as it exists. abandon() drops a proposal
 * that took too long (the relay was unreachable): its URI, should it come later, is never shown.
 */
export function proposeSession(provider: WalletConnectProvider, onUri: (uri: string) => void): Proposal {
  let live = true
  const show = (uri: string) => {
    if (live) onUri(uri)
  }
  provider.on('display_uri', show)
  const stop = () => {
    live = false
    provider.removeListener('display_uri', show)
  }
  const settled = provider.connect({ optionalNamespaces: NAMESPACES }).then(() => provider.setDefaultChain(CHAIN))
  settled.then(stop, stop)
  return {
    settled,
    abandon: () => {
      stop()
      provider.abortPairingAttempt()
    },
  }
}

/**
 * Opens the relay socket again if it is down: after the relay (or the network) went away, the client tries once and
 * then waits for good; a retry by the user must find it back. A client with nothing subscribed yet (no session, no
 * pairing) skips opening the socket, so the socket is opened the way the client does itself before it publishes:
 * a proposal is made only once the relay answers, since one made while it is unreachable stays pending in the
 * client for good (abortPairingAttempt does nothing) and every later proposal on this page would settle on the relay
 * without ever resolving here.
 */
export async function reviveRelay(provider: WalletConnectProvider): Promise<void> {
  const relayer = provider.client.core.relayer
  try {
    if (!relayer.connected) await relayer.restartTransport()
    if (!relayer.connected) await (relayer as unknown as { toEstablishConnection: () => Promise<void> }).toEstablishConnection()
  } catch (error) {
    // With no network the client refuses at once ("No internet connection detected"): that is offline too.
    throw relayUnreachable(error)
  }
  if (!relayer.connected) throw relayUnreachable()
}

/**
 * The relay cannot be reached. Named as the loader's WalletConnectOffline (not imported: this bundle is built on its
 * own), so the connect screen tells the user they are offline (problemOf in wallet-notice.ts), not that the wallet
 * declined.
 */
function relayUnreachable(cause?: unknown): Error {
  const error = new Error('WalletConnect relay unreachable', { cause })
  error.name = 'WalletConnectOffline'
  return error
}

/** Whether the relay socket is up right now (a request cannot reach the wallet otherwise). */
export function isRelayConnected(provider: WalletConnectProvider): boolean {
  return provider.client.core.relayer.connected
}
