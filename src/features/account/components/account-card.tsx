import type { UseQueryResult } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AccountInfo } from '#contract/auth.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
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
            <span className="account-address-row">
              {/* The start and end are what a person compares with their wallet; the whole address is one tap away. */}
              <span className="mono" data-testid="account-address" data-address={account.address} title={account.address}>
                {shortAddress(account.address)}
              </span>
              <CopyButton text={account.address} label={<Trans>Copy</Trans>} />
            </span>
          )}
          {account.email && <span data-testid="account-email">{account.email}</span>}
          <span>
            <BookLabel book={account.accountType} testId="account-book" />
          </span>
        </span>
      </div>
    </section>
  )
}

/** 0x and the first 4 and last 4 hex digits, as wallets show an address: "0x1234…abcd". */
export const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)
