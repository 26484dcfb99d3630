// Buying a financing product (the shared buy sheet, src/components/earn/sheet.tsx): the amount, then every number it
// means (the term's interest, what comes back at maturity, what an early redemption today gives back) before Continue,
// and again on the confirm step before the one press that buys. The numbers come from the formulas the server posts
// (src/contract/financing-math.ts).
import { Trans, useLingui } from '@lingui/react/macro'
import type { FinancingProduct } from '#contract/financing.ts'
import { atMaturity, earlyRedemption, termInterest } from '#contract/financing-math.ts'
import { BuySheet as Sheet, useAmountRange } from '../../../components/earn/sheet.tsx'
import { Money, localName } from '../../../components/earn/figures.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useCreateFinancingOrder } from '../api.ts'
import { useTermFigures } from './terms.tsx'

export function BuySheet({ product, onClose }: { product: FinancingProduct; onClose: () => void }) {
  const { t } = useLingui()
  const f = useFormat()
  const range = useAmountRange(product, t`Enter an amount`)
  const terms = useTermFigures()
  const create = useCreateFinancingOrder()
  const c = product.currency
  return (
    <Sheet
      testId="fin"
      title={localName(product.names, f.locale)}
      nameLabel={<Trans>Product</Trans>}
      currency={c}
      {...range}
      figures={(amount) => [
        { label: <Trans>Interest for the term</Trans>, value: <Money value={termInterest(amount, product).toFixed()} currency={c} />, testId: 'fin-interest' },
        { label: <Trans>Back at maturity</Trans>, value: <Money value={atMaturity(amount, product).toFixed()} currency={c} />, testId: 'fin-total' },
        {
          label: <Trans>Early redemption today gives back</Trans>,
          value: <Money value={earlyRedemption(amount, product, 0).back.toFixed()} currency={c} />,
          testId: 'fin-early-back',
        },
      ]}
      terms={terms(product)}
      caption={<Trans>Interest is paid from the platform's funded reserve, which already holds it for this purchase.</Trans>}
      mutation={create}
      body={(amount) => ({ productId: product.id, amount })}
      done={t`Financing bought`}
      onClose={onClose}
    />
  )
}
