import { Trans, useLingui } from '@lingui/react/macro'
import type { HistoryTotal } from '#contract/history.ts'
import { useFormat } from '../../../lib/format.ts'
import { OrderFacts, ProfitText } from './order-facts.tsx'

/** What the filter finds, all pages together: positions (won and lost), P/L, fees paid, and P/L less fees. */
export function HistoryTotals({ totals }: { totals: HistoryTotal[] }) {
  const { t } = useLingui()
  const f = useFormat()
  return (
    <div className="history-totals" data-testid="history-totals">
      {totals.map(({ count, wins, losses, ...total }) => (
        <OrderFacts
          key={total.currency}
          facts={[
            [<Trans>Positions</Trans>, t`${count} (${wins} won, ${losses} lost)`, 'history-count'],
            [<Trans>P/L</Trans>, <ProfitText value={total.profit} text={`${f.amount(total.profit, { signed: true })} ${total.currency}`} />, 'history-profit'],
            [<Trans>Fees</Trans>, `${f.amount(total.fee)} ${total.currency}`, 'history-fee'],
            [<Trans>Net</Trans>, <ProfitText value={total.net} text={`${f.amount(total.net, { signed: true })} ${total.currency}`} />, 'history-net'],
          ]}
        />
      ))}
    </div>
  )
}
