// wagmi on Ethereum mainnet only. Wallets are found through EIP-6963 announcements (and window.ethereum as the
// fallback injected connector); wallet apps through WalletConnect when a project id is configured (its relay
// client loads only for a user who has or starts a session: walletconnect-connector.ts).
import { createConfig, http, injected } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { isWalletConnectConfigured } from './walletconnect-loader.ts'
import { walletConnect } from './walletconnect-connector.ts'

export const ACCEPTED_CHAIN_ID = mainnet.id

export const wagmiConfig = createConfig({
  chains: [mainnet],
  connectors: isWalletConnectConfigured() ? [injected(), walletConnect()] : [injected()],
  multiInjectedProviderDiscovery: true,
  transports: { [mainnet.id]: http(import.meta.env.VITE_ETH_RPC_URL || undefined) },
})

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
