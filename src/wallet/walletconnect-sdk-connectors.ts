// Stands in for @wagmi/connectors in the WalletConnect bundle only (vite.walletconnect.config.ts aliases it here).
// AppKit's wagmi adapter imports that package lazily for three connectors the app never offers: Coinbase's and
// Base's SDK wallets (switched off: enableCoinbase and enableBaseAccount are false in walletconnect-appkit.ts) and
// Safe's, which runs only inside Safe's own iframe. The adapter skips a connector it does not find, so none of
// their SDKs is built into the bundle, and the app's wagmi config gains no connector from them.
export const baseAccount = undefined
export const coinbaseWallet = undefined
export const safe = undefined
