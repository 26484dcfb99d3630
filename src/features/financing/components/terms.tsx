// How a product's terms read, the same on the list, the buy sheet and the user's orders: the annual rate with what
// it means for the term, and the early-redemption terms.
import { Trans, useLingui } from '@lingui/react/macro'
import { termRate } from '#contract/financing-math.ts'
import { percentOf, type Figure } from '../../../components/earn/figures.tsx'
import { useFormat } from '../../../lib/format.ts'

type Terms = { annualRate: string; days: number; earlyShare: string; earlyForfeit: boolean }

export function useTermFigures() {
  const { t } = useLingui()
  const f = useFormat()
  return (terms: Terms): Figure[] => {
    const annual = f.percent(percentOf(terms.annualRate))
    const forTerm = f.percent(termRate(terms).times(100).toDecimalPlaces(4).toFixed())
    const share = f.percent(percentOf(terms.earlyShare))
    return [
      { label: <Trans>Annual rate</Trans>, value: t`${annual} a year (${forTerm} for the term)`, testId: 'fin-rate' },
      { label: <Trans>Timeframe</Trans>, value: <Trans>{terms.days} days</Trans> },
      {
        label: <Trans>Early redemption</Trans>,
        value: terms.earlyForfeit ? t`${share} of the amount; interest forfeited` : t`${share} of the amount; interest of the days run paid`,
        testId: 'fin-early-terms',
      },
    ]
  }
}
