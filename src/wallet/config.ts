// wagmi on Ethereum mainnet only. Wallets are found through EIP-6963 announcements (and window.ethereum as the
// fallback injected connector); WalletConnect through AppKit is added lazily only when a project id is configured.
import { createConfig, http, injected } from 'wagmi'
import { mainnet } from 'wagmi/chains'

export const ACCEPTED_CHAIN_ID = mainnet.id

export const wagmiConfig = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  multiInjectedProviderDiscovery: true,
  transports: { [mainnet.id]: http(import.meta.env.VITE_ETH_RPC_URL || undefined) },
})

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
