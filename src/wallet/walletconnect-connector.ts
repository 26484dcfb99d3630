// WalletConnect as a wagmi connector, so a wallet app on the phone is one more wallet to the rest of the app: the
// chain guard sees it connect, sign-in.ts sends personal_sign through getProvider() (over the relay to the wallet),
// and wagmi's reconnect() restores it after a reload. The relay client loads only when a session exists in this
// browser (isAuthorized checks a local note first) or the user picks a wallet app. While it proposes a session the
// connector emits the pairing URI as a 'display_uri' message: the connect panel deep-links it or shows it as a QR.
import { createConnector, type Config } from 'wagmi'
import { getAddress, type Address } from 'viem'
import { t } from '@lingui/core/macro'
import type { CatalogueOptions, WalletConnectProvider } from './walletconnect-bundle.ts'
import {
  WalletConnectOffline,
  hasWalletConnectSession,
  isWalletConnectConfigured,
  loadWalletConnect,
  noteWalletConnectSession,
  walletConnectProjectId,
  withDeadline,
  WALLETCONNECT_DEADLINE_MS,
} from './walletconnect-loader.ts'

export const WALLETCONNECT_ID = 'walletConnect'
const CHAIN_ID = 1

let appName = 'Keelson'
/** The configured platform name, for what the wallet app shows about who asks (set by the connect panel). */
export function setWalletConnectAppName(name: string): void {
  appName = name
}

const isInstalled = () => globalThis.matchMedia?.('(display-mode: standalone)').matches === true

/** Who is asking, as the wallet shows it, and where it sends the user back to once they approved or signed. */
function metadata() {
  const origin = window.location.origin
  return {
    name: appName,
    description: t`Sign in to ${appName} with your wallet: one free signature, no transaction.`,
    url: origin,
    icons: [`${origin}/icons/icon-192.png`, `${origin}/icons/icon-512.png`],
    // The page the user left (the installed app: its start URL), so the wallet app can send them back.
    redirect: { universal: isInstalled() ? `${origin}/` : `${origin}${window.location.pathname}` },
  }
}

const sessionAccounts = (provider: WalletConnectProvider): Address[] =>
  (provider.session?.namespaces.eip155?.accounts ?? [])
    .filter((a) => a.startsWith(`eip155:${CHAIN_ID}:`))
    .map((a) => getAddress(a.split(':')[2]!))

/** How long a request may wait while the relay socket stays down before the user hears they are offline. */
const RELAY_DOWN_MS = 4000

/**
 * While AppKit's catalogue is open: settles (rejects) when the user closes it without a wallet, so the connection it
 * started through this connector (wagmi's connect(), called by AppKit's wagmi adapter) ends instead of leaving the
 * app's wagmi config 'connecting' for as long as the relay keeps the proposal.
 */
let catalogueDismissed: Promise<never> | null = null

/** The page's colour scheme and tokens, for AppKit's modal to look like the app (src/styles/tokens.css). */
function appTheme(): CatalogueOptions['theme'] {
  const root = document.documentElement
  const tokens = getComputedStyle(root)
  const token = (name: string) => tokens.getPropertyValue(name).trim()
  // Radii are in rem on this page's root size; AppKit scales its radii from one master value (2x, 3x, 4x: 8, 12, 16).
  const remPx = parseFloat(tokens.fontSize) || 16
  const small = token('--r-sm')
  const smallPx = small.endsWith('rem') ? parseFloat(small) * remPx : parseFloat(small)
  return {
    mode: globalThis.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark',
    accent: token('--accent') || '#2dd4bf',
    colorMix: token('--bg') || '#0a0f1a',
    radius: `${Number.isFinite(smallPx) && smallPx > 0 ? smallPx / 2 : 4}px`,
    fontFamily: getComputedStyle(document.body).fontFamily,
  }
}

/**
 * "More wallet apps": opens AppKit's catalogue of every WalletConnect wallet, with AppKit's wagmi adapter on the
 * app's wagmi config. A wallet picked there is connected by the adapter through this connector (one proposal, the
 * app's own namespaces and deadlines); the chain guard then asks for the sign-in signature as after any connection.
 * Resolves once the catalogue is on screen, with a promise that settles when it closes. Rejects as offline, with
 * nothing opened, when the bundle, the relay or the catalogue does not answer within the deadline.
 */
export async function openWalletCatalogue(config: Config, featuredWalletIds: string[]): Promise<{ closed: Promise<void> }> {
  const startedAt = Date.now()
  const left = () => Math.max(0, WALLETCONNECT_DEADLINE_MS - (Date.now() - startedAt))
  const { bundle, provider } = await loadWalletConnect(metadata())
  const loadCatalogue = bundle.loadCatalogue().catch(() => {
    throw new WalletConnectOffline()
  })
  const [catalogue] = await withDeadline(Promise.all([loadCatalogue, bundle.reviveRelay(provider)]), left())
  if (!(await withDeadline(catalogue.catalogueAnswers(walletConnectProjectId()), left()))) throw new WalletConnectOffline()
  let dismiss: (error: Error) => void = () => undefined
  const dismissed = new Promise<never>((_, reject) => (dismiss = reject))
  dismissed.catch(() => undefined)
  let close: () => void = () => undefined
  const closed = new Promise<void>((resolve) => (close = resolve))
  const onClosed = () => {
    if (catalogueDismissed === dismissed) catalogueDismissed = null
    // AppKit closes its modal once the wallet approved; a close before that is the user going back.
    if (!provider.session) dismiss(new Error('The wallet catalogue was closed without a wallet'))
    close()
  }
  catalogueDismissed = dismissed
  const options = { projectId: walletConnectProjectId(), metadata: metadata(), theme: appTheme(), featuredWalletIds }
  try {
    await withDeadline(catalogue.openCatalogue(config, provider, options, onClosed), left())
  } catch (error) {
    // Too late: whatever AppKit would still draw is closed, so nothing is left spinning over the screen.
    if (catalogueDismissed === dismissed) catalogueDismissed = null
    await catalogue.closeCatalogue()
    throw error
  }
  return { closed }
}

export function walletConnect() {
  type Provider = WalletConnectProvider
  let listening: Provider | null = null

  return createConnector<Provider>((config) => {
    const onSessionGone = () => {
      noteWalletConnectSession(false)
      config.emitter.emit('disconnect')
    }
    const onAccounts = (accounts: string[]) =>
      accounts.length === 0 ? onSessionGone() : config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    const onChain = (chainId: string | number) => config.emitter.emit('change', { chainId: Number(chainId) })

    const getProvider = async () => (await loadWalletConnect(metadata())).provider
    const listen = (provider: Provider) => {
      if (listening === provider) return
      listening = provider
      provider.on('accountsChanged', onAccounts)
      provider.on('chainChanged', onChain)
      provider.on('session_delete', onSessionGone)
      provider.on('disconnect', onSessionGone)
    }

    return {
      id: WALLETCONNECT_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      icon: '/icons/walletconnect.svg',
      async connect({ isReconnecting } = {}) {
        const startedAt = Date.now()
        // Started by AppKit's catalogue (its wagmi adapter calls wagmi's connect()): ends when the user closes it.
        const dismissed = catalogueDismissed
        const { bundle, provider } = await loadWalletConnect(metadata())
        // A session already settled (a reload) is adopted as it is.
        if (!isReconnecting || !provider.session) {
          // Loading, the relay and the URI share one deadline; then the user takes as long as they need in the app.
          const left = () => Math.max(0, WALLETCONNECT_DEADLINE_MS - (Date.now() - startedAt))
          await withDeadline(bundle.reviveRelay(provider), left())
          let shown: () => void = () => undefined
          const uriShown = new Promise<void>((resolve) => (shown = resolve))
          const proposal = bundle.proposeSession(provider, (uri) => {
            config.emitter.emit('message', { type: 'display_uri', data: uri })
            shown()
          })
          try {
            await withDeadline(Promise.race([uriShown, proposal.settled, ...(dismissed ? [dismissed] : [])]), left())
            await (dismissed ? Promise.race([proposal.settled, dismissed]) : proposal.settled)
          } catch (error) {
            proposal.abandon()
            throw error
          }
        }
        const accounts = sessionAccounts(provider)
        if (accounts.length === 0) throw new Error('WalletConnect session without an Ethereum account')
        listen(provider)
        noteWalletConnectSession(true)
        return { accounts, chainId: CHAIN_ID } as never
      },
      async disconnect() {
        noteWalletConnectSession(false)
        const provider = listening
        if (provider?.session) await withDeadline(provider.disconnect(), WALLETCONNECT_DEADLINE_MS).catch(() => undefined)
      },
      async getAccounts() {
        return sessionAccounts(await getProvider())
      },
      async getChainId() {
        return CHAIN_ID
      },
      async getProvider() {
        const { bundle, provider } = await loadWalletConnect(metadata())
        // An EIP-1193 face whose requests fail as "offline" when the relay stays unreachable, instead of waiting
        // for an answer that cannot come.
        return {
          ...provider,
          request: async (args: { method: string; params?: unknown[] }) => {
            await withDeadline(bundle.reviveRelay(provider))
            return whileRelayUp(provider, bundle.isRelayConnected, provider.request(args))
          },
        } as unknown as Provider
      },
      async isAuthorized() {
        if (!isWalletConnectConfigured() || !hasWalletConnectSession()) return false
        try {
          const provider = await getProvider()
          if (!provider.session) noteWalletConnectSession(false)
          return provider.session !== undefined
        } catch {
          return false
        }
      },
      onAccountsChanged: onAccounts,
      onChainChanged: onChain,
      onDisconnect: onSessionGone,
    }
  })
}

/** Settles with the request, or rejects as offline once the relay socket has been down for RELAY_DOWN_MS. */
function whileRelayUp<T>(provider: WalletConnectProvider, isUp: (p: WalletConnectProvider) => boolean, request: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setInterval> | undefined
  let downSince: number | null = null
  const watch = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (isUp(provider)) downSince = null
      else if ((downSince ??= Date.now()) + RELAY_DOWN_MS <= Date.now()) reject(new WalletConnectOffline())
    }, 500)
  })
  return Promise.race([request, watch]).finally(() => clearInterval(timer))
}
