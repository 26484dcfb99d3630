import type { UseQueryResult } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AccountInfo } from '#contract/auth.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { IconMail, IconUser } from '../../../components/ui/icons.tsx'

/** Who is signed in (address or e-mail) and the active book. Offline: the last answer with its time. */
export function AccountCard({ query }: { query: UseQueryResult<AccountInfo> }) {
  const online = useIsOnline()
  const { data: account, error, refetch, dataUpdatedAt } = query
  if (!account) {
    if (error) return <ErrorState error={error} onRetry={() => void refetch()} />
    return (
      <div className="card account-card" aria-busy="true">
        <div className="account-id">
          <Skeleton width="48px" height="48px" radius="50%" />
          <span className="account-who">
            <Skeleton width="180px" height="16px" />
            <Skeleton width="64px" height="20px" />
          </span>
        </div>
      </div>
    )
  }
  return (
    <section className="card account-card" aria-label={account.email ?? account.address ?? undefined}>
      {(!online || error) && dataUpdatedAt > 0 && <StaleNote time={dataUpdatedAt} />}
      <div className="account-id">
        <span className="account-avatar">{account.address ? <IconUser size={24} /> : <IconMail size={24} />}</span>
        <span className="account-who">
          {account.address && (
            <span className="mono" data-testid="account-address">
              {account.address}
            </span>
          )}
          {account.email && <span data-testid="account-email">{account.email}</span>}
          <span>
            {account.accountType === 'demo' ? (
              <Badge tone="demo">
                <Trans>Demo</Trans>
              </Badge>
            ) : (
              <Badge tone="live">
                <Trans>Live</Trans>
              </Badge>
            )}
          </span>
        </span>
      </div>
    </section>
  )
}
