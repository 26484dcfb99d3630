// The /empty screen: no wallet, a wrong chain, a refusal or a disconnect. It offers each wallet the browser
// announced (EIP-6963) once, with its own name and icon, WalletConnect when configured, and a switch to Ethereum
// when the chain is wrong. Picking a wallet is the user's choice to sign in: the chain guard then asks for the
// signature.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useConnect, useConnection, useConnectors, useSwitchChain } from 'wagmi'
import { Button } from '../../components/ui/button.tsx'
import { IconWallet } from '../../components/ui/icons.tsx'
import { ui } from '../../state/ui.ts'
import { usePlatformName } from '../../lib/use-platform-name.ts'
import { ACCEPTED_CHAIN_ID, wagmiConfig } from '../config.ts'
import { isAppKitConfigured, openWalletConnect } from '../appkit.ts'
import { walletChoices } from '../wallet-choices.ts'

type Problem = 'none' | 'refused' | 'walletconnect'
const config = wagmiConfig
/** Picking a wallet, Sign in or Switch is the user's choice to sign in: the chain guard may now ask for it. */
const wantSignature = () => void (ui.isSignWanted = true)

export function ConnectPanel() {
  const platformName = usePlatformName()
  const { status, chainId } = useConnection({ config })
  const connectors = useConnectors({ config })
  const connect = useConnect({ config })
  const switchChain = useSwitchChain({ config })
  const [problem, setProblem] = useState<Problem>('none')
  const wallets = walletChoices(connectors, 'ethereum' in window)
  const wrongChain = status === 'connected' && chainId !== ACCEPTED_CHAIN_ID
  const readyToSign = status === 'connected' && chainId === ACCEPTED_CHAIN_ID

  const handleConnect = (connector: (typeof connectors)[number]) => {
    setProblem('none')
    wantSignature()
    connect.mutate({ connector, chainId: ACCEPTED_CHAIN_ID }, { onError: () => setProblem('refused') })
  }
  const handleSwitch = () => {
    wantSignature()
    switchChain.mutate({ chainId: ACCEPTED_CHAIN_ID }, { onError: () => setProblem('refused') })
  }
  const handleWalletConnect = async () => {
    setProblem('none')
    wantSignature()
    if (!(await openWalletConnect())) setProblem('walletconnect')
  }

  return (
    <section className="connect-panel" aria-labelledby="connect-title">
      <h1 id="connect-title">{wrongChain ? <Trans>Switch to Ethereum</Trans> : <Trans>Connect your wallet</Trans>}</h1>
      {readyToSign ? (
        <>
          <p>
            <Trans>Your wallet is connected. Sign the sign-in message to continue; it is free and sends no transaction.</Trans>
          </p>
          <Button size="lg" block onClick={wantSignature}>
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
          {wallets.length === 0 && !isAppKitConfigured() && (
            <p className="muted" data-testid="no-wallet">
              <Trans>No wallet was found in this browser. Install a wallet extension or open {platformName} in your wallet app.</Trans>
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
            {isAppKitConfigured() && (
              <li>
                <button type="button" className="btn wallet" onClick={handleWalletConnect}>
                  <img src="/icons/walletconnect.svg" alt="" width={28} height={28} />
                  <span>WalletConnect</span>
                </button>
              </li>
            )}
          </ul>
        </>
      )}
      {problem === 'refused' && (
        <p role="alert" className="error-text">
          <Trans>The wallet declined the request. You can try again.</Trans>
        </p>
      )}
      {problem === 'walletconnect' && (
        <p role="alert" className="error-text">
          <Trans>WalletConnect could not be reached. Choose a wallet from the list instead.</Trans>
        </p>
      )}
    </section>
  )
}
