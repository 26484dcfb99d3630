/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string
  readonly VITE_WS_URL?: string
  readonly VITE_REOWN_PROJECT_ID?: string
  /** Another WalletConnect relay (tests: a local one). */
  readonly VITE_WALLETCONNECT_RELAY_URL?: string
  readonly VITE_PLATFORM?: string
  readonly VITE_ETH_RPC_URL?: string
}

/** package.json's version (vite.config.ts define). */
declare const __APP_VERSION__: string
