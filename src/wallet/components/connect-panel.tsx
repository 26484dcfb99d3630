// The /empty screen: no wallet, a wrong chain, a refusal or a disconnect. It offers the wallets the browser
// announced (EIP-6963), WalletConnect when configured, and a switch to Ethereum when the chain is wrong.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useConnect, useConnection, useConnectors, useSwitchChain } from 'wagmi'
import { ACCEPTED_CHAIN_ID } from '../config.ts'
import { isAppKitConfigured, openWalletConnect } from '../appkit.ts'
import { ui } from '../../state/ui.ts'

type Problem = 'none' | 'refused' | 'walletconnect'

export function ConnectPanel() {
  const { status, chainId } = useConnection()
  const connectors = useConnectors()
  const connect = useConnect()
  const switchChain = useSwitchChain()
  const [problem, setProblem] = useState<Problem>('none')
  // The generic "Injected" connector only counts when window.ethereum exists; announced wallets always do.
  const wallets = connectors.filter((c) => c.type !== 'injected' || c.id !== 'injected' || 'ethereum' in window)
  const wrongChain = status === 'connected' && chainId !== ACCEPTED_CHAIN_ID
  const readyToSign = status === 'connected' && chainId === ACCEPTED_CHAIN_ID

  const handleConnect = (connector: (typeof connectors)[number]) => {
    setProblem('none')
    connect.mutate({ connector, chainId: ACCEPTED_CHAIN_ID }, { onError: () => setProblem('refused') })
  }
  const handleWalletConnect = async () => {
    setProblem('none')
    if (!(await openWalletConnect())) setProblem('walletconnect')
  }

  return (
    <section className="connect-panel" aria-labelledby="connect-title">
      <h1 id="connect-title">
        {wrongChain ? <Trans>Switch to Ethereum</Trans> : <Trans>Connect your wallet</Trans>}
      </h1>
      {readyToSign ? (
        <>
          <p>
            <Trans>Your wallet is connected. Sign the sign-in message to continue; it is free and sends no transaction.</Trans>
          </p>
          <button type="button" className="btn primary" onClick={() => void (ui.isSignDeclined = false)}>
            <Trans>Sign in</Trans>
          </button>
        </>
      ) : wrongChain ? (
        <>
          <p>
            <Trans>Keelson works on the Ethereum main network only. Your wallet is on another network.</Trans>
          </p>
          <button
            type="button"
            className="btn primary"
            disabled={switchChain.isPending}
            onClick={() => switchChain.mutate({ chainId: ACCEPTED_CHAIN_ID }, { onError: () => setProblem('refused') })}
          >
            <Trans>Switch to Ethereum</Trans>
          </button>
        </>
      ) : (
        <>
          <p>
            <Trans>Sign in with an Ethereum wallet. We only ask it to confirm your address: no transaction, no fee.</Trans>
          </p>
          {wallets.length === 0 && !isAppKitConfigured() && (
            <p className="muted" data-testid="no-wallet">
              <Trans>No wallet was found in this browser. Install a wallet extension or open Keelson in your wallet app.</Trans>
            </p>
          )}
          <ul className="wallet-list">
            {wallets.map((connector) => (
              <li key={connector.uid}>
                <button type="button" className="btn wallet" disabled={connect.isPending} onClick={() => handleConnect(connector)}>
                  {connector.icon && <img src={connector.icon} alt="" width={28} height={28} />}
                  <span>{connector.name}</span>
                </button>
              </li>
            ))}
            {isAppKitConfigured() && (
              <li>
                <button type="button" className="btn wallet" onClick={handleWalletConnect}>
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
