// Built on its own (vite.walletconnect.config.ts -> dist/walletconnect/appkit.js) and imported by URL only when a
// user picks WalletConnect, so AppKit and the parts of viem it needs never share chunks with the first visit.
import { createAppKit } from '@reown/appkit/core'
import { mainnet } from '@reown/appkit/networks'

export type WalletConnectModal = { open: () => Promise<unknown> }

export function createWalletConnect(projectId: string, onProvider: (provider: unknown) => void): WalletConnectModal {
  const kit = createAppKit({
    networks: [mainnet],
    projectId,
    features: { analytics: false, email: false, socials: false, swaps: false, onramp: false },
  })
  kit.subscribeProviders((providers) => {
    if (providers.eip155) onProvider(providers.eip155)
  })
  return kit
}
