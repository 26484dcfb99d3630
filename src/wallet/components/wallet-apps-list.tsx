// WalletConnect on the connect screen. On a phone: the app's own list of the most used wallet apps with names and
// icons, there at once and offline; tapping one proposes a session and opens the app with the pairing URI. "More
// wallet apps" opens AppKit's catalogue of every WalletConnect wallet (search, logos), loaded only then, or says at
// once (within 8 s) that it cannot be reached; a wallet picked there is connected by AppKit's wagmi adapter through
// the same connector. On a desktop: a QR code a phone wallet scans. Either way the connector then connects by
// itself once the user approved in the wallet, and the chain guard asks for the sign-in signature: one tap in this app.
import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useConnect, type Connector } from 'wagmi'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { QrImage } from '../../components/ui/qr-image.tsx'
import { useIsDesktop } from '../../lib/use-is-desktop.ts'
import { ACCEPTED_CHAIN_ID, wagmiConfig } from '../config.ts'
import { WALLET_APPS, walletAppLink, type WalletApp } from '../wallet-apps.ts'
import { openWalletCatalogue } from '../walletconnect-connector.ts'
import { problemOf, setWalletProblem, wantSignature } from '../wallet-notice.ts'

/** What the user picked: a wallet app or the QR code. */
type Target = WalletApp | 'qr'

export function WalletAppsList({ connector }: { connector: Connector }) {
  const { t } = useLingui()
  const isDesktop = useIsDesktop()
  const connect = useConnect({ config: wagmiConfig })
  const [target, setTarget] = useState<Target | null>(null)
  const [uri, setUri] = useState<string | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [catalogue, setCatalogue] = useState<'closed' | 'opening' | 'open'>('closed')
  const targetRef = useRef<Target | null>(null)

  useEffect(() => {
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== 'display_uri' || typeof data !== 'string') return
      setUri(data)
      const picked = targetRef.current
      if (picked !== null && picked !== 'qr') window.location.href = walletAppLink(picked, data)
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
  const openCatalogue = async () => {
    targetRef.current = null
    setTarget(null)
    wantSignature()
    setCatalogue('opening')
    try {
      // A wallet picked there connects the app's wagmi config itself (AppKit's wagmi adapter, through this
      // connector): the chain guard then asks for the signature.
      const { closed } = await openWalletCatalogue(wagmiConfig, WALLET_APPS.map((app) => app.id))
      setCatalogue('open')
      await closed
    } catch (error) {
      setWalletProblem(problemOf(error))
    } finally {
      setCatalogue('closed')
    }
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
          <Trans>Approve the connection in {appName}, then come back here.</Trans>
        </p>
        <a className={buttonClass('secondary', 'lg', true)} href={pickedApp ? walletAppLink(pickedApp, uri) : uri}>
          <Trans>Open {appName}</Trans>
        </a>
      </div>
    )
  }

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
            {WALLET_APPS.map((app) => (
              <li key={app.id}>
                <button type="button" className="btn wallet" disabled={waiting || catalogue === 'opening'} onClick={() => start(app)}>
                  <img src={app.icon} alt="" width={28} height={28} />
                  <span>{app.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <Button variant="ghost" block loading={catalogue === 'opening'} disabled={waiting} onClick={() => void openCatalogue()}>
            <Trans>More wallet apps</Trans>
          </Button>
        </>
      )}
    </>
  )
}
