// The earn screens' lists, the offers on sale and the user's own holdings alike: each item with its name and badges,
// its figures and its button; the holdings in a card with their loading, error and empty states. Its messages are in
// the later screens' catalog (SCREEN_FILES in lingui.config.ts).
import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { PlanStatus } from '#contract/earn.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { ErrorState } from '../ui/error-state.tsx'
import { SkeletonRows } from '../ui/skeleton.tsx'
import { Figures, Money, type Figure } from './figures.tsx'
import './earn.css'

type ItemProps = { testId: string; name: string; badges?: ReactNode; figures: Figure[]; children?: ReactNode }

export function EarnItem({ testId, name, badges, figures, children }: ItemProps) {
  return (
    <li className="earn-item" data-testid={testId}>
      <div className="earn-item-head">
        <h3 className="earn-name">{name}</h3>
        {badges}
      </div>
      <Figures items={figures} />
      {children}
    </li>
  )
}

type Offer = { id: string; status: PlanStatus; soldOut: boolean; minAmount: string; maxAmount: string; currency: string }

/** The range an offer is bought in, as a figure. */
export const investment = (offer: Offer): Figure => ({
  label: <Trans>Investment</Trans>,
  value: (
    <>
      <Money value={offer.minAmount} /> – <Money value={offer.maxAmount} currency={offer.currency} />
    </>
  ),
})

type OfferProps = { offer: Offer; testId: string; /** Starts the badge's and the button's test ids. */ prefix: string; name: string; figures: Figure[]; onBuy: () => void }

/** Sold out, paused: what stops an offer being bought (`prefix` starts the sold-out badge's test id). */
export function OfferBadges({ offer, prefix }: { offer: Pick<Offer, 'status' | 'soldOut'>; prefix: string }) {
  return (
    <>
      {offer.soldOut && (
        <Badge tone="warn" testId={`${prefix}-sold-out`}>
          <Trans>Sold out</Trans>
        </Badge>
      )}
      {offer.status === 'paused' && (
        <Badge tone="neutral">
          <Trans>Paused</Trans>
        </Badge>
      )}
    </>
  )
}

/** An offer on sale: sold out or paused says so, and then it cannot be bought. */
export function OfferItem({ offer, testId, prefix, name, figures, onBuy }: OfferProps) {
  return (
    <EarnItem testId={testId} name={name} badges={<OfferBadges offer={offer} prefix={prefix} />} figures={figures}>
      <Button block disabled={offer.status !== 'active' || offer.soldOut} onClick={onBuy} data-testid={`${prefix}-buy`}>
        {offer.soldOut ? <Trans>Sold out</Trans> : <Trans>Buy</Trans>}
      </Button>
    </EarnItem>
  )
}

type HoldingsProps<O> = {
  title: string
  titleId: string
  query: { isPending: boolean; data?: { list: O[] }; error: unknown; refetch: () => unknown }
  /** Said when the user holds none on this book. */
  empty: ReactNode
  testId: string
  item: (holding: O) => ReactNode
  /** The sheet open over the list, if any. */
  children?: ReactNode
}

export function HoldingsCard<O>({ title, titleId, query, empty, testId, item, children }: HoldingsProps<O>) {
  let body
  if (query.isPending) body = <SkeletonRows rows={3} />
  else if (!query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  else if (query.data.list.length === 0) body = <EmptyState title={empty} />
  else body = <ul className="earn-list" data-testid={testId}>{query.data.list.map(item)}</ul>
  return (
    <Card title={title} titleId={titleId}>
      {body}
      {children}
    </Card>
  )
}
