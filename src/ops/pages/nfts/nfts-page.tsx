// NFT auctions in the console: the charities with their totals (the sums of their ledger accounts), the items with
// their state, leader and current bid, Close (ends an auction now: it settles to the leading bid, or closes unsold),
// and the forms that list a charity or an item. The server audits every change.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsNftsApi, type OpsCharity, type OpsNftItem } from '#contract/ops-nfts.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useFormat } from '../../../lib/format.ts'
import { Pager } from '../../components/pager.tsx'
import { opsCall } from '../../api.ts'
import { CharityForm } from './charity-form.tsx'
import { ItemForm } from './item-form.tsx'
import './nfts.css'

export const NFT_KEY = ['ops', 'nfts']
const SIZE = 20

function StatusBadge({ item }: { item: OpsNftItem }) {
  if (item.status === 'sold') return <Badge tone="up"><Trans>Sold</Trans></Badge>
  if (item.status === 'unsold') return <Badge><Trans>Not sold</Trans></Badge>
  if (item.status === 'ended') return <Badge tone="warn"><Trans>Ended, settling</Trans></Badge>
  return <Badge tone="info"><Trans>Open</Trans></Badge>
}

function CharityRow({ charity }: { charity: OpsCharity }) {
  const sales = charity.settledCount
  return (
    <li className="ops-nft-row" data-testid="ops-charity">
      <span className="ops-nft-title">{charity.name}</span>
      <span className="caption">
        <Trans>Donated <Amount value={charity.totalDonated} currency={charity.currency} testId="ops-charity-total" /> from {sales} sales</Trans>
      </span>
    </li>
  )
}

function EndTime({ at }: { at: number }) {
  const endTime = useFormat().dateTime(at)
  return <Trans>Ends {endTime}</Trans>
}

function ItemMoney({ item }: { item: OpsNftItem }) {
  const who = item.ownerAddress ?? item.leader ?? ''
  return (
    <span className="caption">
      {item.saleAmount !== null ? (
        <Trans>Sold for <Amount value={item.saleAmount} currency={item.currency} /> to {who}</Trans>
      ) : item.currentBid !== null ? (
        <Trans>Leading bid <Amount value={item.currentBid} currency={item.currency} /> by {who}</Trans>
      ) : (
        <Trans>No bids; reserve <Amount value={item.reservePrice} currency={item.currency} /></Trans>
      )}
    </span>
  )
}

export default function NftsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<OpsNftItem | null>(null)
  const [formKey, setFormKey] = useState(0)
  const charities = useQuery({ queryKey: [...NFT_KEY, 'charities'], queryFn: () => opsCall(opsNftsApi.charities), staleTime: 0 })
  const items = useQuery({ queryKey: [...NFT_KEY, 'items', page], queryFn: () => opsCall(opsNftsApi.items, { query: { page, size: SIZE } }), staleTime: 0 })
  const close = useMutation({
    mutationFn: (id: string) => opsCall(opsNftsApi.close, { body: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: NFT_KEY })
      toast(t`Auction closed`, 'success')
    },
    onError: (error) => toast(error instanceof ApiError ? error.message : t`The auction could not be closed. Try again.`, 'error'),
  })
  const edit = (item: OpsNftItem | null) => {
    setEditing(item)
    setFormKey((k) => k + 1)
  }
  const saved = () => void queryClient.invalidateQueries({ queryKey: NFT_KEY })
  return (
    <>
      <PageHeader title={<Trans>NFT auctions</Trans>} />
      <div className="ops-columns">
        <div className="ops-nft-column">
          <Card title={t`Charities`} titleId="ops-nft-charities">
            {charities.isPending ? (
              <SkeletonRows rows={2} />
            ) : charities.isError ? (
              <ErrorState error={charities.error} onRetry={() => void charities.refetch()} compact />
            ) : charities.data.length === 0 ? (
              <EmptyState title={<Trans>No charity yet: add one before listing an item</Trans>} />
            ) : (
              <ul className="ops-nft-list" aria-labelledby="ops-nft-charities">
                {charities.data.map((c) => <CharityRow key={c.id} charity={c} />)}
              </ul>
            )}
            <CharityForm onSaved={saved} />
          </Card>
          <Card
            title={t`Items`}
            titleId="ops-nft-items"
            actions={
              <Button variant="secondary" onClick={() => edit(null)}>
                <Trans>New item</Trans>
              </Button>
            }
          >
            {items.isPending ? (
              <SkeletonRows rows={4} />
            ) : items.isError ? (
              <ErrorState error={items.error} onRetry={() => void items.refetch()} compact />
            ) : items.data.list.length === 0 ? (
              <EmptyState title={<Trans>No items yet</Trans>} />
            ) : (
              <ul className="ops-nft-list" aria-labelledby="ops-nft-items">
                {items.data.list.map((item) => (
                  <li key={item.id} className="ops-nft-row" data-testid="ops-nft-item">
                    <span className="ops-nft-title">{item.title}</span>
                    <span className="ops-nft-status">
                      <StatusBadge item={item} />
                      <span className="caption">{item.charity.name}</span>
                      <span className="caption"><EndTime at={item.endsAt} /></span>
                    </span>
                    <ItemMoney item={item} />
                    <span className="ops-actions">
                      <Button variant="secondary" onClick={() => edit(item)}>
                        <Trans>Edit</Trans>
                      </Button>
                      {item.status === 'live' || item.status === 'ended' ? (
                        <Button variant="danger" loading={close.isPending && close.variables === item.id} onClick={() => close.mutate(item.id)} data-testid="ops-nft-close">
                          <Trans>Close now</Trans>
                        </Button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {items.data && <Pager page={page} size={SIZE} total={items.data.total} onPage={setPage} />}
          </Card>
        </div>
        <ItemForm key={formKey} item={editing} charities={charities.data ?? []} onSaved={(item) => { setEditing(item); saved() }} />
      </div>
    </>
  )
}
