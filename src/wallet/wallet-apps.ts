// The wallet apps the connect screen offers on a phone: bundled (names, icons under /wallets/, links), so the
// list shows at once and offline, with no call to a hosted wallet registry. Each opens through its universal link
// (the app when installed, its store page otherwise) with the WalletConnect pairing URI; every other wallet app is
// in AppKit's catalogue ("More wallet apps"), or scans the QR code. Each id is the wallet's WalletGuide (explorer)
// id, the one AppKit's catalogue lists it under: wallet-apps.test.ts holds them to the ids AppKit itself ships and
// to the catalogue fixture the e2e tests serve (tests/e2e/fixtures/wallet-catalogue.json). Icons are the wallets'
// real logos where their owners published them under terms that allow it, lettermarks elsewhere
// (public/wallets/NOTICE).

export type WalletApp = {
  /** WalletConnect's explorer id. */
  id: string
  name: string
  icon: string
  /** Universal link; the pairing URI goes to `${link}/wc?uri=…`. */
  link: string
  /** The wallet's link that opens a web page in its own browser, where its wallet is injected. */
  browse?: (pageUrl: string) => string
}

export const WALLET_APPS: readonly WalletApp[] = [
  { id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96', name: 'MetaMask', icon: '/wallets/metamask.svg', link: 'https://metamask.app.link',
    browse: (url) => `https://metamask.app.link/dapp/${url.replace(/^https?:\/\//, '')}` },
  { id: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0', name: 'Trust Wallet', icon: '/wallets/trust.png', link: 'https://link.trustwallet.com',
    browse: (url) => `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}` },
  { id: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369', name: 'Rainbow', icon: '/wallets/rainbow.svg', link: 'https://rnbwapp.com' },
  { id: 'd0ca99ff52b99abc48743dad0f7fc891e041be73574f7fac4afe5d4bb83845c8', name: 'Coinbase Wallet', icon: '/wallets/coinbase.svg', link: 'https://go.cb-w.com',
    browse: (url) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(url)}` },
  { id: 'c03dfee351b6fcc421b4494ea33b9d4b92a984f87aa76d1663bb28705e95034a', name: 'Uniswap Wallet', icon: '/wallets/uniswap.png', link: 'https://uniswap.org/app' },
  { id: 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18', name: 'Zerion', icon: '/wallets/zerion.png', link: 'https://app.zerion.io' },
]

/**
 * Wallet apps that open a page in their own browser (their wallet injected there): what a phone without a wallet is
 * offered when no WalletConnect project id is configured, so a wallet app is still one tap away.
 */
export const WALLET_BROWSER_APPS = WALLET_APPS.filter((app) => app.browse !== undefined)

/** The link that opens a wallet app with the pairing URI. */
export function walletAppLink(app: WalletApp, uri: string): string {
  return `${app.link}/wc?uri=${encodeURIComponent(uri)}`
}
