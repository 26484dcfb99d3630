// Buying a financing product: the amount, then every number it means (the term's interest, what comes back at
// maturity, what an early redemption today gives back) before Continue, and again on the confirm step before the one
// press that buys. The numbers come from the formulas the server posts (src/contract/financing-math.ts).
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancingProduct } from '#contract/financing.ts'
import { amountIssue } from '#contract/earn-math.ts'
import { atMaturity, earlyRedemption, termInterest } from '#contract/financing-math.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useFormat } from '../../../lib/format.ts'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useCreateFinancingOrder } from '../api.ts'
import { Figures, Money, productName } from '../figures.tsx'
import { useTermFigures } from './terms.tsx'

export function BuySheet({ product, onClose }: { product: FinancingProduct; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const termFigures = useTermFigures()
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const keys = useRef(operationKeys()).current
  const create = useCreateFinancingOrder()
  const issue = amountIssue(amount, product)
  const [min, max] = [f.amount(product.minAmount), f.amount(product.maxAmount)]
  const error =
    issue?.code === 'empty'
      ? t`Enter an amount`
      : issue?.code === 'outOfRange'
        ? t`Enter an amount from ${min} to ${max} ${product.currency}`
        : issue
          ? t`Use at most ${issue.scale} decimals`
          : undefined
  const figures = issue
    ? []
    : [
        { label: <Trans>Interest for the term</Trans>, value: <Money value={termInterest(amount, product).toFixed()} currency={product.currency} />, testId: 'fin-interest' },
        { label: <Trans>Back at maturity</Trans>, value: <Money value={atMaturity(amount, product).toFixed()} currency={product.currency} />, testId: 'fin-total' },
        { label: <Trans>Early redemption today gives back</Trans>, value: <Money value={earlyRedemption(amount, product, 0).back.toFixed()} currency={product.currency} />, testId: 'fin-early-back' },
      ]
  const buy = () => {
    const body = { productId: product.id, amount }
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Financing bought`, 'success')
          onClose()
        },
        onError: (e) => keys.settled(e),
      },
    )
  }
  const name = productName(product.names, f.locale)
  return (
    <Sheet open onClose={onClose} title={confirming ? t`Confirm the purchase` : name}>
      <div className="fin-sheet" data-testid={confirming ? 'fin-confirm' : 'fin-buy-sheet'}>
        {confirming ? (
          <Figures
            items={[
              { label: <Trans>Product</Trans>, value: name },
              { label: <Trans>Amount</Trans>, value: <Money value={amount} currency={product.currency} />, testId: 'fin-confirm-amount' },
              ...termFigures(product),
              ...figures,
            ]}
          />
        ) : (
          <>
            <AmountInput
              label={t`Amount`}
              currency={product.currency}
              value={amount}
              onChange={(v) => {
                setAmount(v)
                setTouched(true)
              }}
              data-testid="fin-amount"
              error={touched ? error : undefined}
              hint={t`From ${min} to ${max} ${product.currency}`}
            />
            <Figures items={figures} testId="fin-figures" />
          </>
        )}
        <p className="caption">
          <Trans>Interest is paid from the platform's funded reserve, which already holds it for this purchase.</Trans>
        </p>
        {create.error && <ErrorState error={create.error} compact />}
        {confirming ? (
          <div className="fin-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={create.isPending}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={buy} loading={create.isPending} data-testid="fin-confirm-button">
              <Trans>Confirm purchase</Trans>
            </Button>
          </div>
        ) : (
          <Button
            block
            onClick={() => {
              setTouched(true)
              if (!issue) {
                create.reset()
                setConfirming(true)
              }
            }}
            data-testid="fin-continue"
          >
            <Trans>Continue</Trans>
          </Button>
        )}
      </div>
    </Sheet>
  )
}
