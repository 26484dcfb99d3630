// The content of the /sign page and of the desktop sign popup: the address, the origin host, a plain statement that
// signing is free and sends no transaction, Cancel and Sign message. Signing starts by itself when an address is
// present.
import { useEffect, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useConnection } from 'wagmi'
import { Button } from '../../components/ui/button.tsx'
import { wagmiConfig } from '../config.ts'
import { signIn } from '../sign-in.ts'
import { setWalletProblem } from '../wallet-notice.ts'
import { WALLETCONNECT_ID } from '../walletconnect-connector.ts'

type Props = {
  onCancel: () => void
  onSigned?: () => void
  /** A wallet app (WalletConnect) declined or could not be reached: the page goes back to the connect screen. */
  onWalletAppFailed?: () => void
}

export function SignPanel({ onCancel, onSigned, onWalletAppFailed }: Props) {
  const { address, connector } = useConnection({ config: wagmiConfig })
  const [state, setState] = useState<'idle' | 'signing' | 'refused' | 'offline'>('idle')
  const started = useRef<string | null>(null)

  const handleSign = async () => {
    if (!address) return
    setState('signing')
    const result = await signIn(address)
    if (result === 'signed') onSigned?.()
    if ((result === 'refused' || result === 'offline') && connector?.id === WALLETCONNECT_ID) {
      setWalletProblem(result)
      if (onWalletAppFailed) return onWalletAppFailed()
    }
    setState(result === 'refused' || result === 'offline' ? result : 'idle')
  }

  useEffect(() => {
    if (address && started.current !== address) {
      started.current = address
      void handleSign()
    }
  })

  return (
    <section className="sign-panel" aria-labelledby="sign-title">
      <h1 id="sign-title">
        <Trans>Sign in with your wallet</Trans>
      </h1>
      <dl className="sign-facts">
        <dt>
          <Trans>Account</Trans>
        </dt>
        <dd className="mono" data-testid="sign-address">
          {address ?? '—'}
        </dd>
        <dt>
          <Trans>Website</Trans>
        </dt>
        <dd className="mono">{window.location.host}</dd>
      </dl>
      <p className="sign-free">
        <Trans>Signing is free. It proves you own this address and sends no transaction.</Trans>
      </p>
      {state === 'refused' && (
        <p role="alert" className="error-text">
          <Trans>Not Signed</Trans>
        </p>
      )}
      {state === 'offline' && (
        <p role="alert" className="error-text" data-testid="walletconnect-offline">
          <Trans>WalletConnect cannot reach your wallet app: check your internet connection, then tap Sign message to retry.</Trans>
        </p>
      )}
      <div className="button-row">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button size="lg" disabled={!address} loading={state === 'signing'} onClick={handleSign}>
          {state === 'signing' ? <Trans>Check your wallet…</Trans> : <Trans>Sign message</Trans>}
        </Button>
      </div>
    </section>
  )
}
