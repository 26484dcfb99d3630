// Everything that needs wagmi, loaded on demand by wallet-gate.tsx. wagmi hooks get the config as a parameter
// (no WagmiProvider), so the connect and sign panels can be loaded by their routes without wrapping the app.
import { ChainGuard } from './chain-guard.tsx'
import { SignPopup } from './components/sign-popup.tsx'

export function WalletLayer() {
  return (
    <>
      <ChainGuard />
      <SignPopup />
    </>
  )
}
