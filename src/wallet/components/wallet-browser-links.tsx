// A phone with no wallet, where no WalletConnect project id is configured: each wallet app that can open a web page
// in its own browser (where its wallet is injected) is one tap away, through that app's own link to this page. The
// app opens (or its store page, when it is not installed) and the connect screen there offers its wallet directly.
import { Trans } from '@lingui/react/macro'
import { WALLET_BROWSER_APPS } from '../wallet-apps.ts'

export function WalletBrowserLinks() {
  const page = window.location.href.split('#')[0]!
  return (
    <>
      <h2 className="wallet-apps-title">
        <Trans>Wallet apps</Trans>
      </h2>
      <ul className="wallet-list" data-testid="wallet-browser-apps">
        {WALLET_BROWSER_APPS.map((app) => {
          const appName = app.name
          return (
            <li key={app.id}>
              <a className="btn wallet" href={app.browse!(page)}>
                <img src={app.icon} alt="" width={28} height={28} />
                <span>
                  <Trans>Open {appName}</Trans>
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </>
  )
}
