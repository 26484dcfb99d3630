// /profile/balance: the active book (Demo/Live switch), its total in USDT, each currency's available / in use
// (margin) / locked, and on the demo book a reset. Loading, error and offline each have their own look.
import { useState, type CSSProperties } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { EmptyLiveBook } from '../../../components/empty-live-book.tsx'
import { SwitchToLiveSheet } from '../../../components/switch-to-live-sheet.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { useSwitchBook } from '../../../lib/use-switch-book.ts'
import { balanceQueries } from '../api.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { ResetDemoButton } from './reset-demo-button.tsx'
import '../balance.css'

export function BalancePanel() {
  const { t } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(balanceQueries.current(userId))
  const switchBook = useSwitchBook()
  const [isAskingLive, setIsAskingLive] = useState(false)
  if (isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (!data) return <Card><ErrorState error={error} onRetry={() => void refetch()} /></Card>

  return (
    <div className="balance-panel" data-testid="balance-panel">
      <Card>
        <div className="balance-head">
          <BookLabel book={data.book} />
          <Segmented<AccountType>
            label={t`Book`}
            value={data.book}
            onChange={(book) => {
              if (book === data.book) return
              if (book === 'live') setIsAskingLive(true)
              else switchBook.mutate(book)
            }}
            options={[
              { value: 'demo', label: t`Demo`, disabled: switchBook.isPending || !isOnline },
              { value: 'live', label: t`Live`, disabled: switchBook.isPending || !isOnline },
            ]}
          />
        </div>
        <p className="balance-total-label muted">
          <Trans>Total</Trans>
        </p>
        <p className="balance-total fit-figure" style={{ '--chars': f.amount(data.totalUsdt).length + 5 } as CSSProperties}>
          <Amount value={data.totalUsdt} currency="USDT" testId="balance-total" />
        </p>
        {data.book === 'demo' && (
          <p className="caption">
            <Trans>Demo funds are for practice and cannot be withdrawn.</Trans>
          </p>
        )}
        {data.book === 'live' && !/[1-9]/.test(data.totalUsdt) && <EmptyLiveBook className="balance-empty-live" testId="balance-empty-live" />}
        {(!isOnline || error) && <StaleNote time={dataUpdatedAt} />}
        {switchBook.error && !isAskingLive && <ErrorState error={switchBook.error} compact />}
      </Card>
      <SwitchToLiveSheet
        open={isAskingLive}
        pending={switchBook.isPending}
        error={switchBook.error}
        onCancel={() => {
          switchBook.reset()
          setIsAskingLive(false)
        }}
        onConfirm={() => switchBook.mutate('live', { onSuccess: () => setIsAskingLive(false) })}
      />
      {data.currencies.map((c) => (
        <Card key={c.currency} title={c.currency} titleId={`currency-${c.currency}`}>
          <dl className="balance-facts">
            <dt>
              <Trans>Available</Trans>
            </dt>
            <dd>
              <Amount value={c.available} />
            </dd>
            <dt>
              <Trans context="margin">In use</Trans>
            </dt>
            <dd>
              <Amount value={c.inUse} />
            </dd>
            <dt>
              <Trans>Locked</Trans>
            </dt>
            <dd>
              <Amount value={c.locked} />
            </dd>
          </dl>
        </Card>
      ))}
      {data.book === 'demo' && <ResetDemoButton disabled={!isOnline} />}
    </div>
  )
}
