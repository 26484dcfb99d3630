// Buy now: the price, where it goes and what stays available, before the press that pays. It settles at once.
import { useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MyNfts, NftItem } from '#contract/nfts.ts'
import { dec } from '#contract/trading-math.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useBuyNow } from '../api.ts'

type Props = { item: NftItem & { buyNowPrice: string }; funds: MyNfts; open: boolean; onClose: () => void }

export function BuySheet({ item, funds, open, onClose }: Props) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const keys = useRef(operationKeys()).current
  const buy = useBuyNow()
  const charity = item.charity.name
  const own = funds.bids.find((b) => b.itemId === item.id && b.status === 'leading')?.amount ?? '0'
  const after = dec(funds.available).plus(own).minus(item.buyNowPrice)
  const send = () => {
    const body = { id: item.id }
    buy.mutate(
      { id: item.id, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Bought: thank you for your donation`, 'success')
          onClose()
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  return (
    <Sheet open={open} onClose={onClose} title={t`Buy now`}>
      <div className="nft-sheet">
        <dl className="nft-facts">
          <dt><Trans>Price, paid to {charity}</Trans></dt>
          <dd><Amount value={item.buyNowPrice} currency={item.currency} testId="nft-buy-price" /></dd>
          <dt><Trans>Available after buying</Trans></dt>
          <dd><Amount value={after.isNeg() ? '0' : after.toFixed()} currency={item.currency} /></dd>
        </dl>
        {after.isNeg() && <p className="error-text" role="alert"><Trans>Not enough in your live account</Trans></p>}
        {buy.error && <ErrorState error={buy.error} compact />}
        <Button block loading={buy.isPending} disabled={after.isNeg() || !isOnline} onClick={send} data-testid="nft-buy-confirm">
          <Trans>Confirm purchase</Trans>
        </Button>
      </div>
    </Sheet>
  )
}
