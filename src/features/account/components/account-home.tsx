import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { useIsDesktop } from '../../../lib/use-is-desktop.ts'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { IconSignOut } from '../../../components/ui/icons.tsx'
import { accountQueries, useSignOut } from '../api.ts'
import { ABOUT_LINKS, ACCOUNT_GROUPS, ACCOUNT_SECTIONS } from '../sections.ts'
import { AccountCard } from './account-card.tsx'
import { SignedOut } from './signed-out.tsx'

/** /profile: who is signed in, then the sections as grouped rows, help and policies, and Sign out last. */
export function AccountHome({ supportBadge }: { supportBadge?: ReactNode }) {
  const { t, i18n } = useLingui()
  const token = useSession((s) => s.token)
  const userId = useSession((s) => s.userId)
  const info = useQuery(accountQueries.info(userId))
  const signOut = useSignOut()
  const isEmailUser = Boolean(info.data?.email)
  // The desktop footer already lists the policies; on mobile (no footer) they are here.
  const about = useIsDesktop() ? ABOUT_LINKS.slice(0, 2) : ABOUT_LINKS

  return (
    <>
      <PageHeader title={t`Account`} />
      {token ? <AccountCard query={info} /> : <SignedOut />}
      {token &&
        ACCOUNT_GROUPS.map((group) => {
          const rows = group.types
            .map((type) => ACCOUNT_SECTIONS.find((s) => s.type === type)!)
            .filter((s) => !s.needsEmail || isEmailUser)
          return (
            <nav key={group.title.id} aria-label={i18n._(group.title)}>
              <h2 className="group-title">{i18n._(group.title)}</h2>
              <div className="card flush">
                <List>
                  {rows.map((s) => (
                    <ListRow key={s.type} icon={<s.icon />} label={i18n._(s.label)} to="/profile/{-$type}" params={{ type: s.type }} testId={`account-row-${s.type}`} />
                  ))}
                </List>
              </div>
            </nav>
          )
        })}
      <nav aria-label={t`Help and policies`}>
        <h2 className="group-title">{t`Help and policies`}</h2>
        <div className="card flush">
          <List>
            {about.map((l) => (
              <ListRow
                key={l.label.id}
                icon={<l.icon />}
                label={i18n._(l.label)}
                to={l.to}
                params={l.type ? { type: l.type } : undefined}
                trailing={l.type === 'support' ? supportBadge : undefined}
                testId={l.type === 'support' ? 'account-row-support' : undefined}
              />
            ))}
          </List>
        </div>
      </nav>
      {token && (
        <div className="card flush sign-out-row">
          <List>
            <ListRow icon={<IconSignOut />} label={t`Sign out`} chevron={false} onClick={() => !signOut.isPending && signOut.mutate()} testId="sign-out" />
          </List>
        </div>
      )}
    </>
  )
}
