// The bid sheet: the smallest bid accepted, the amount the bid will hold from the live account, and what stays
// available after it, all before the one press that places it. Refusals are the server's own rules (nft-math.ts).
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { bidIssue } from '#contract/nft-math.ts'
import type { MyNfts, NftItem } from '#contract/nfts.ts'
import { dec } from '#contract/trading-math.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { REFUSED_NUMBER } from '../../../lib/number-input.ts'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { usePlaceBid } from '../api.ts'

/** USDT's decimals (the ledger's currencies table); the server refuses finer amounts the same way. */
const SCALE = 6

type Props = { item: NftItem; funds: MyNfts; open: boolean; onClose: () => void }

export function BidSheet({ item, funds, open, onClose }: Props) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const [amount, setAmount] = useState('')
  const keys = useRef(operationKeys()).current
  const bid = usePlaceBid()
  // The caller's own leading bid on this item is released by the new one, so it counts as available here.
  const own = funds.bids.find((b) => b.itemId === item.id && b.status === 'leading')?.amount ?? '0'
  const available = dec(funds.available).plus(own).toFixed()
  const typed = amount !== '' && amount !== REFUSED_NUMBER
  const issue = typed ? bidIssue({ amount, min: item.minNextBid, scale: SCALE, available }) : null
  const currency = item.currency
  const charity = item.charity.name
  const min = issue?.code === 'tooLow' ? issue.min : ''
  const error =
    issue?.code === 'tooLow' ? t`Bid at least ${min} ${currency}` : issue?.code === 'tooPrecise' ? t`At most ${SCALE} decimals` : issue?.code === 'insufficient' ? t`Not enough in your live account` : undefined
  const send = () => {
    const body = { itemId: item.id, amount }
    bid.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Bid placed: you lead this auction`, 'success')
          setAmount('')
          onClose()
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  return (
    <Sheet open={open} onClose={onClose} title={t`Place a bid`}>
      <form
        className="nft-sheet"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (typed && !issue) send()
        }}
      >
        <p className="muted">
          <Trans>
            Smallest bid now: <Amount value={item.minNextBid} currency={item.currency} testId="nft-min-bid" />
          </Trans>
        </p>
        <AmountInput label={t`Your bid`} currency={item.currency} value={amount} onChange={setAmount} error={error} data-testid="nft-bid-amount" />
        <dl className="nft-facts" data-testid="nft-bid-figures">
          <dt><Trans>Held from your live account now</Trans></dt>
          <dd><Amount value={typed && !issue ? amount : '0'} currency={item.currency} testId="nft-bid-hold" /></dd>
          <dt><Trans>Available after the bid</Trans></dt>
          <dd><Amount value={typed && !issue ? dec(available).minus(amount).toFixed() : available} currency={item.currency} testId="nft-bid-after" /></dd>
        </dl>
        <p className="caption">
          <Trans>If someone bids more, the held amount is released to your available balance at once. If you win, it goes to {charity}.</Trans>
        </p>
        {bid.error && <ErrorState error={bid.error} compact />}
        <Button type="submit" block loading={bid.isPending} disabled={!typed || issue !== null || !isOnline} data-testid="nft-bid-confirm">
          <Trans>Confirm bid</Trans>
        </Button>
      </form>
    </Sheet>
  )
}
