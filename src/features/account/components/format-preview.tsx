import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { useFormat } from '../../../lib/format.ts'

/** A fixed moment, so the sample does not move: 27 November 2026, 14:05 UTC. */
const SAMPLE_TIME = Date.UTC(2026, 10, 27, 14, 5)

/**
 * Settings: how the chosen language writes the app's figures (src/lib/format.ts formats every amount, price and
 * date this way), so a reader knows before trading whether "1.234,56" is a thousand or one.
 */
export function FormatPreview() {
  const f = useFormat()
  return (
    <Card title={<Trans>Numbers and dates</Trans>}>
      <dl className="facts format-facts" data-testid="format-preview">
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd data-testid="format-amount">{f.amount('1234567.89')} USDT</dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>{f.price('1.16512')}</dd>
        <dt>
          <Trans>Change</Trans>
        </dt>
        <dd>{f.percent('-1.25', { signed: true })}</dd>
        <dt>
          <Trans>Date and time</Trans>
        </dt>
        <dd>{f.dateTime(SAMPLE_TIME)}</dd>
      </dl>
      <p className="caption">
        <Trans>Every figure in the app is written this way. It follows the language above.</Trans>
      </p>
    </Card>
  )
}
