// The /empty screen: no wallet, a wrong chain, a refusal or a disconnect. It offers each wallet the browser
// announced (EIP-6963) once, with its own name and icon; wallet apps through WalletConnect when a project id is
// configured (on a phone only when no wallet is injected: in a wallet's own browser the app connects to it
// directly), and without one, on a phone, links that open this page in a wallet app's own browser; and a switch to Ethereum when the chain is wrong. Picking a wallet is the user's choice to sign in:
// the chain guard then asks for the signature.
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { Trans } from '@lingui/react/macro'
import { useConnect, useConnection, useConnectors, useSwitchChain } from 'wagmi'
import { Button } from '../../components/ui/button.tsx'
import { IconWallet } from '../../components/ui/icons.tsx'
import { usePlatformName } from '../../lib/use-platform-name.ts'
import { ACCEPTED_CHAIN_ID, wagmiConfig } from '../config.ts'
import { useIsDesktop } from '../../lib/use-is-desktop.ts'
import { walletChoices } from '../wallet-choices.ts'
import { WALLETCONNECT_ID, setWalletConnectAppName } from '../walletconnect-connector.ts'
import { problemOf, setWalletProblem, walletNotice, wantSignature } from '../wallet-notice.ts'
import { WalletAppsList } from './wallet-apps-list.tsx'
import { WalletBrowserLinks } from './wallet-browser-links.tsx'

const config = wagmiConfig

export function ConnectPanel() {
  const platformName = usePlatformName()
  const { status, chainId } = useConnection({ config })
  const connectors = useConnectors({ config })
  const connect = useConnect({ config })
  const switchChain = useSwitchChain({ config })
  const { problem } = useSnapshot(walletNotice)
  const isDesktop = useIsDesktop()
  const wallets = walletChoices(
    connectors.filter((c) => c.id !== WALLETCONNECT_ID),
    'ethereum' in window,
  )
  const walletConnect = connectors.find((c) => c.id === WALLETCONNECT_ID)
  const offersWalletApps = walletConnect !== undefined && (isDesktop || wallets.length === 0)
  useEffect(() => setWalletConnectAppName(platformName), [platformName])
  const setProblem = (error: unknown) => setWalletProblem(problemOf(error))
  const wrongChain = status === 'connected' && chainId !== ACCEPTED_CHAIN_ID
  const readyToSign = status === 'connected' && chainId === ACCEPTED_CHAIN_ID

  const handleConnect = (connector: (typeof connectors)[number]) => {
    wantSignature()
    connect.mutate({ connector, chainId: ACCEPTED_CHAIN_ID }, { onError: setProblem })
  }
  const handleSwitch = () => {
    wantSignature()
    switchChain.mutate({ chainId: ACCEPTED_CHAIN_ID }, { onError: setProblem })
  }

  return (
    <section className="connect-panel" aria-labelledby="connect-title">
      <h1 id="connect-title">{wrongChain ? <Trans>Switch to Ethereum</Trans> : <Trans>Connect your wallet</Trans>}</h1>
      {readyToSign ? (
        <>
          <p>
            <Trans>Your wallet is connected. Sign the sign-in message to continue; it is free and sends no transaction.</Trans>
          </p>
          <Button
            size="lg"
            block
            onClick={wantSignature}
          >
            <Trans>Sign in</Trans>
          </Button>
        </>
      ) : wrongChain ? (
        <>
          <p>
            <Trans>{platformName} works on the Ethereum main network only. Your wallet is on another network.</Trans>
          </p>
          <Button size="lg" block loading={switchChain.isPending} onClick={handleSwitch}>
            <Trans>Switch to Ethereum</Trans>
          </Button>
        </>
      ) : (
        <>
          <p>
            <Trans>Sign in with an Ethereum wallet. We only ask it to confirm your address: no transaction, no fee.</Trans>
          </p>
          {wallets.length === 0 && walletConnect === undefined && (
            <p className="muted" data-testid="no-wallet">
              <Trans>
                No wallet was found in this browser. To use a wallet app on this phone, open {platformName} in the wallet app's own
                browser; on a computer, install a wallet extension. Or sign in with e-mail below.
              </Trans>
            </p>
          )}
          <ul className="wallet-list">
            {wallets.map(({ connector, isGeneric }) => (
              <li key={connector.uid}>
                <button type="button" className="btn wallet" disabled={connect.isPending} onClick={() => handleConnect(connector)}>
                  {connector.icon && !isGeneric ? <img src={connector.icon} alt="" width={28} height={28} /> : <IconWallet size={28} />}
                  <span>{isGeneric ? <Trans>Browser wallet</Trans> : connector.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {offersWalletApps && <WalletAppsList connector={walletConnect} />}
          {wallets.length === 0 && walletConnect === undefined && !isDesktop && <WalletBrowserLinks />}
        </>
      )}
      {problem === 'refused' && (
        <p role="alert" className="error-text">
          <Trans>The wallet declined the request. You can try again.</Trans>
        </p>
      )}
      {problem === 'offline' && (
        <p role="alert" className="error-text" data-testid="walletconnect-offline">
          <Trans>
            WalletConnect cannot be reached: check your internet connection, then pick your wallet again to retry. You can also sign
            in with e-mail.
          </Trans>
        </p>
      )}
    </section>
  )
}
