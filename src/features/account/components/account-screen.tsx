// /profile/$type: the account list (/profile) or one of its sub-pages (/profile/balance ...).
import type { ReactNode } from 'react'
import { ACCOUNT_SECTIONS } from '../sections.ts'
import { AccountHome } from './account-home.tsx'
import { AccountSection } from './account-section.tsx'

/**
 * `panel`, composed by the route from another feature, replaces the section's placeholder body; `supportBadge` (the
 * support chat's unread count) goes on the Online support row.
 */
export function AccountScreen({ section, panel, supportBadge }: { section?: string; panel?: ReactNode; supportBadge?: ReactNode }) {
  const current = ACCOUNT_SECTIONS.find((s) => s.type === section)
  return <div className="account">{current ? <AccountSection section={current} panel={panel} /> : <AccountHome supportBadge={supportBadge} />}</div>
}
