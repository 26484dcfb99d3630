import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { PriceList } from './price-list.tsx'

/** The Market tab: every instrument's price; trading itself comes in a later release (issue 9). */
export function MarketsScreen() {
  return (
    <div className="markets">
      <PageHeader title={<Trans>Markets</Trans>} />
      <PriceList title={<Trans>All instruments</Trans>} />
      <Card>
        <p className="muted">
          <Trans>Tap an instrument for its bid, ask and spread. Contract and limit orders open in a coming release.</Trans>
        </p>
      </Card>
    </div>
  )
}
