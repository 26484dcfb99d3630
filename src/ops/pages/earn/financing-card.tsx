// Financing products (docs/earn.md, "Financing"), beside the Smart plans: each with its term, range, annual rate and
// early-redemption terms, the orders running and the interest they may still pay; pause, resume or close; and a form
// to define one (offer-card.tsx). Paid from the same reserve as the plans (the reserve card). The server audits every
// action.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsFinancingApi } from '#contract/ops-financing.ts'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { opsCall } from '../../api.ts'
import { EARN_KEY } from './earn-page.tsx'
import { OfferCard } from './offer-card.tsx'

const EMPTY = { name: '', otherNames: '', days: '', minAmount: '', maxAmount: '', annualRate: '', earlyShare: '' }

export function FinancingCard() {
  const { t } = useLingui()
  const products = useQuery({ queryKey: [...EARN_KEY, 'financing'], queryFn: () => opsCall(opsFinancingApi.products), staleTime: 0 })
  const [forfeit, setForfeit] = useState(false)
  return (
    <OfferCard
      title={<Trans>Financing products</Trans>}
      ids={{ title: 'ops-fin-products-title', table: 'ops-fin-products', form: 'ops-fin-new', fields: 'ops-fin-' }}
      head={[<Trans>Days</Trans>, <Trans>Range</Trans>, <Trans>Annual rate</Trans>, <Trans>Early redemption</Trans>, <Trans>Running</Trans>, <Trans>Interest owed</Trans>]}
      state={
        products.isPending ? (
          <SkeletonRows rows={3} />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : undefined
      }
      rows={products.data ?? []}
      cells={(p) => [
        p.days,
        `${p.minAmount}–${p.maxAmount} ${p.currency}`,
        p.annualRate,
        p.earlyForfeit ? t`${p.earlyShare}; interest forfeited` : t`${p.earlyShare}; interest of the days run paid`,
        p.running,
        p.owed,
      ]}
      setStatus={(body) => opsCall(opsFinancingApi.status, { body })}
      empty={EMPTY}
      fields={[
        ['days', t`Days`],
        ['minAmount', t`Minimum (USDT)`],
        ['maxAmount', t`Maximum (USDT)`],
        ['annualRate', t`Annual rate, simple interest (a fraction: 0.08 is 8 % a year)`],
        ['earlyShare', t`Early-redemption damages (a fraction of the amount)`],
      ]}
      create={(d) =>
        opsCall(opsFinancingApi.create, {
          body: { names: d.names, days: Number(d.days), minAmount: d.minAmount, maxAmount: d.maxAmount, annualRate: d.annualRate, earlyShare: d.earlyShare, earlyForfeit: forfeit },
        })
      }
      onSaved={() => setForfeit(false)}
      submit={<Trans>Add financing product</Trans>}
    >
      <label className="ops-check">
        <input type="checkbox" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} data-testid="ops-fin-forfeit" />
        <span>
          <Trans>Early redemption forfeits the interest of the days run</Trans>
        </span>
      </label>
    </OfferCard>
  )
}
