import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../lib/session.ts'
import { LazyUnreadBadge } from './lazy-unread-badge.tsx'
import { ui } from '../../state/ui.ts'
import { LanguageSelect } from '../../components/language-select.tsx'
import { usePlatformName } from '../../lib/use-platform-name.ts'
import { TABS } from './nav-items.ts'
import { IconWallet } from '../../components/ui/icons.tsx'

export function shortAddress(address: string) {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** Desktop: brand, the six tabs, language and the signed-in address. */
export function TopNav() {
  const { i18n, t } = useLingui()
  const address = useSession((s) => s.address)
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  const platformName = usePlatformName()
  return (
    <header className="top-nav">
      <Link to="/" className="brand">
        <img src="/icons/logo.svg" alt="" width="28" height="28" />
        {platformName}
      </Link>
      <nav aria-label={t`Main`}>
        {TABS.map((tab) => (
          <Link key={tab.to} to={tab.to as "/"} className="top-tab" activeOptions={{ exact: tab.to === '/' }}>
            {i18n._(tab.label)}
            {tab.to.startsWith('/profile') && <LazyUnreadBadge />}
          </Link>
        ))}
      </nav>
      <div className="top-tools">
        <LanguageSelect id="language-select-top" />
        {address && (
          <span className="address-chip mono">
            <IconWallet size={16} />
            {shortAddress(address)}
          </span>
        )}
        {address && !isLoggedIn && (
          <button
            type="button"
            className="btn primary"
            onClick={() => {
              ui.isSignDeclined = false
              ui.isSignPopupOpen = true
            }}
          >
            <Trans>Sign in</Trans>
          </button>
        )}
      </div>
    </header>
  )
}
