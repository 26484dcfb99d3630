// WalletConnect on the connect screen. On a phone: a short list of wallet apps with names and icons (more one tap
// away, and any other wallet app through the wc: link); tapping one proposes a session and opens the app with the
// pairing URI. On a desktop: a QR code a phone wallet scans. Either way the connector then connects by itself once
// the user approved in the wallet, and the chain guard asks for the sign-in signature: one tap in this app.
import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useConnect, type Connector } from 'wagmi'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { QrImage } from '../../components/ui/qr-image.tsx'
import { useIsDesktop } from '../../lib/use-is-desktop.ts'
import { ACCEPTED_CHAIN_ID, wagmiConfig } from '../config.ts'
import { FEATURED_WALLET_APPS, MORE_WALLET_APPS, walletAppLink, type WalletApp } from '../wallet-apps.ts'
import { problemOf, setWalletProblem, wantSignature } from '../wallet-notice.ts'

/** What the user picked: a wallet app, any wallet app (the wc: link), or the QR code. */
type Target = WalletApp | 'any' | 'qr'

export function WalletAppsList({ connector }: { connector: Connector }) {
  const { t } = useLingui()
  const isDesktop = useIsDesktop()
  const connect = useConnect({ config: wagmiConfig })
  const [target, setTarget] = useState<Target | null>(null)
  const [uri, setUri] = useState<string | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [showMore, setShowMore] = useState(false)
  const targetRef = useRef<Target | null>(null)

  useEffect(() => {
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== 'display_uri' || typeof data !== 'string') return
      setUri(data)
      const picked = targetRef.current
      if (picked === 'any') window.location.href = data
      else if (picked !== null && picked !== 'qr') window.location.href = walletAppLink(picked, data)
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector])

  useEffect(() => {
    if (target !== 'qr' || uri === null) return
    let live = true
    void import('qrcode').then(({ toString }) =>
      toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
        if (live) setQr(svg)
      }),
    )
    return () => {
      live = false
    }
  }, [target, uri])

  const start = (picked: Target) => {
    targetRef.current = picked
    setTarget(picked)
    setUri(null)
    setQr(null)
    // Choosing a wallet is the choice to sign in: the chain guard asks for the signature once it connects.
    wantSignature()
    connect.mutate(
      { connector, chainId: ACCEPTED_CHAIN_ID },
      {
        onError: (error) => {
          setWalletProblem(problemOf(error))
          targetRef.current = null
          setTarget(null)
        },
      },
    )
  }
  const waiting = connect.isPending && target !== null
  const pickedApp = target !== null && typeof target === 'object' ? target : null
  const appName = pickedApp?.name ?? ''

  if (waiting && uri !== null && target === 'qr') {
    return (
      <div className="walletconnect-qr" data-testid="walletconnect-qr">
        <p>
          <Trans>Scan this code with a wallet app on your phone, then approve the connection there.</Trans>
        </p>
        <QrImage svg={qr ?? undefined} alt={t`QR code`} className="walletconnect-qr-image" testId="walletconnect-qr-image" />
        <a href={uri}>
          <Trans>Open in a wallet app on this device</Trans>
        </a>
      </div>
    )
  }
  if (waiting && uri !== null) {
    return (
      <div className="walletconnect-waiting" role="status">
        <p>
          {pickedApp ? (
            <Trans>Approve the connection in {appName}, then come back here.</Trans>
          ) : (
            <Trans>Approve the connection in your wallet app, then come back here.</Trans>
          )}
        </p>
        <a className={buttonClass('secondary', 'lg', true)} href={pickedApp ? walletAppLink(pickedApp, uri) : uri}>
          {pickedApp ? <Trans>Open {appName}</Trans> : <Trans>Open the wallet app</Trans>}
        </a>
      </div>
    )
  }

  const apps = showMore ? [...FEATURED_WALLET_APPS, ...MORE_WALLET_APPS] : FEATURED_WALLET_APPS
  return (
    <>
      {isDesktop ? (
        <Button size="lg" block loading={waiting} onClick={() => start('qr')}>
          <img src="/icons/walletconnect.svg" alt="" width={24} height={24} />
          <Trans>Connect a phone wallet (QR code)</Trans>
        </Button>
      ) : (
        <>
          <h2 className="wallet-apps-title">
            <Trans>Wallet apps</Trans>
          </h2>
          <ul className="wallet-list" data-testid="wallet-apps">
            {apps.map((app) => (
              <li key={app.id}>
                <button type="button" className="btn wallet" disabled={waiting} onClick={() => start(app)}>
                  <img src={app.icon} alt="" width={28} height={28} />
                  <span>{app.name}</span>
                </button>
              </li>
            ))}
            {showMore && (
              <li>
                <button type="button" className="btn wallet" disabled={waiting} onClick={() => start('any')}>
                  <img src="/icons/walletconnect.svg" alt="" width={28} height={28} />
                  <span>
                    <Trans>Another wallet app</Trans>
                  </span>
                </button>
              </li>
            )}
          </ul>
          {!showMore && (
            <Button variant="ghost" block onClick={() => setShowMore(true)}>
              <Trans>More wallet apps</Trans>
            </Button>
          )}
        </>
      )}
    </>
  )
}
