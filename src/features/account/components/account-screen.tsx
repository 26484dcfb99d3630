// /profile/$type: the signed-in account (address, demo or live book), its sections, language and sign-out.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { accountQueries, useSignOut } from '../api.ts'
import { ACCOUNT_SECTIONS } from '../sections.ts'
import { AccountSection } from './account-section.tsx'

/** `panel`, composed by the route from another feature, replaces the section's placeholder body. */
export function AccountScreen({ section, panel }: { section?: string; panel?: ReactNode }) {
  const { i18n } = useLingui()
  const token = useSession((s) => s.token)
  const userId = useSession((s) => s.userId)
  const { data: account, error } = useQuery(accountQueries.info(userId))
  const signOut = useSignOut()
  const current = ACCOUNT_SECTIONS.find((s) => s.type === section)

  return (
    <div className="account">
      <section className="card" aria-labelledby="account-title">
        <h1 id="account-title">
          <Trans>Account</Trans>
        </h1>
        {account ? (
          <dl className="facts">
            {account.address && (
              <>
                <dt>
                  <Trans>Wallet address</Trans>
                </dt>
                <dd className="mono" data-testid="account-address">
                  {account.address}
                </dd>
              </>
            )}
            {account.email && (
              <>
                <dt>
                  <Trans>E-mail</Trans>
                </dt>
                <dd data-testid="account-email">{account.email}</dd>
              </>
            )}
            <dt>
              <Trans>Active book</Trans>
            </dt>
            <dd>
              {account.accountType === 'demo' ? (
                <span className="badge demo">
                  <Trans>Demo</Trans>
                </span>
              ) : (
                <span className="badge live">
                  <Trans>Live</Trans>
                </span>
              )}
            </dd>
          </dl>
        ) : (
          <p className="muted">{error ? error.message : <Trans>Not signed in.</Trans>}</p>
        )}
        {token && (
          <button type="button" className="btn secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <Trans>Sign out</Trans>
          </button>
        )}
      </section>
      {current ? (
        <AccountSection section={current} panel={panel} />
      ) : (
        <nav className="card" aria-label={i18n._(ACCOUNT_SECTIONS[0]!.label)}>
          <ul className="link-list">
            {ACCOUNT_SECTIONS.map((s) => (
              <li key={s.type}>
                {s.type === 'help' ? (
                  <Link to="/help/{-$type}" params={{ type: 'center' }}>
                    {i18n._(s.label)}
                  </Link>
                ) : (
                  <Link to="/profile/{-$type}" params={{ type: s.type }}>
                    {i18n._(s.label)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
