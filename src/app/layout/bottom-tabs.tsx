import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../lib/session.ts'
import { NavIcon } from './nav-icon.tsx'
import { TABS } from './nav-items.ts'

/** Mobile: the tab bar at the bottom of the screen. */
export function BottomTabs() {
  const { i18n, t } = useLingui()
  const hasNewMessage = useSession((s) => s.hasNewMessage)
  return (
    <nav className="bottom-tabs" aria-label={t`Main`}>
      {TABS.map((tab) => (
        <Link key={tab.to} to={tab.to as "/"} className="bottom-tab" activeOptions={{ exact: tab.to === '/' }}>
          <NavIcon d={tab.icon} />
          <span>{i18n._(tab.label)}</span>
          {tab.to.startsWith('/profile') && hasNewMessage && <span className="dot" aria-label={t`New messages`} />}
        </Link>
      ))}
    </nav>
  )
}
