// The content of the /sign page and of the desktop sign popup: the address, the origin host, a plain statement that
// signing is free and sends no transaction, Cancel and Sign message. Signing starts by itself when an address is
// present.
import { useEffect, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useConnection } from 'wagmi'
import { signIn } from '../sign-in.ts'

type Props = { onCancel: () => void; onSigned?: () => void }

export function SignPanel({ onCancel, onSigned }: Props) {
  const { address } = useConnection()
  const [state, setState] = useState<'idle' | 'signing' | 'refused'>('idle')
  const started = useRef<string | null>(null)

  const handleSign = async () => {
    if (!address) return
    setState('signing')
    const result = await signIn(address)
    if (result === 'signed') onSigned?.()
    setState(result === 'refused' ? 'refused' : 'idle')
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
      <div className="button-row">
        <button type="button" className="btn secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn primary" disabled={!address || state === 'signing'} onClick={handleSign}>
          {state === 'signing' ? <Trans>Check your wallet…</Trans> : <Trans>Sign message</Trans>}
        </button>
      </div>
    </section>
  )
}
