// The live bid and ask at the top of the ticket, so the price an order opens at stays in view while the form is
// filled in (a buy opens at the ask, a sell at the bid). They follow the same socket ticks as the instrument screen.
import { Trans } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import { useFormat } from '../../../lib/format.ts'
import type { Market } from '../preview.ts'

export function TicketQuote({ inst, market }: { inst: Instrument; market: Market }) {
  const f = useFormat()
  const quote = market.quote(inst.symbol)
  const price = (v: string | undefined) => (v ? f.price(v, inst.digits) : '—')
  return (
    <dl className="ticket-live" data-testid="ticket-live">
      <div className="ticket-live-side sell">
        <dt>
          <Trans>Bid</Trans>
        </dt>
        <dd data-testid="ticket-bid">{price(quote?.bid)}</dd>
      </div>
      <div className="ticket-live-side buy">
        <dt>
          <Trans>Ask</Trans>
        </dt>
        <dd data-testid="ticket-ask">{price(quote?.ask)}</dd>
      </div>
    </dl>
  )
}
