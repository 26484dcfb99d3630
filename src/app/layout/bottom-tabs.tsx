import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { LazyUnreadBadge } from './lazy-unread-badge.tsx'
import { NavIcon } from './nav-icon.tsx'
import { TABS } from './nav-items.ts'

/** Mobile: the tab bar at the bottom of the screen, with the short tab labels (12 px, up to two lines). */
export function BottomTabs() {
  const { i18n, t } = useLingui()
  return (
    <nav className="bottom-tabs" aria-label={t`Main`}>
      {TABS.map((tab) => (
        <Link key={tab.to} to={tab.to as "/"} className="bottom-tab" activeOptions={{ exact: tab.to === '/' }}>
          <NavIcon d={tab.icon} />
          <span className="bottom-tab-label">{i18n._(tab.tab)}</span>
          {/* The unread count replaces the old new-message dot; the socket's new_message refreshes it. */}
          {tab.to.startsWith('/profile') && <LazyUnreadBadge />}
        </Link>
      ))}
    </nav>
  )
}
