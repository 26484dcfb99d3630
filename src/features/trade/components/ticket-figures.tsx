import type { Decimal } from 'decimal.js'
import { Trans } from '@lingui/react/macro'
import type { Instrument } from '#contract/markets.ts'
import { useFormat } from '../../../lib/format.ts'
import type { Level, Preview } from '../preview.ts'

/** The numbers of an order before it is sent: the ticket shows them live, the confirmation repeats them. */
export function TicketFigures({ inst, preview, currency }: { inst: Instrument; preview: Preview | null; currency: string }) {
  const f = useFormat()
  const money = (v: Decimal | undefined) => (v === undefined ? '—' : `${f.amount(v.toFixed(2))} ${currency}`)
  const level = (l: Level | undefined) => (!l ? '—' : l.marginLevel === null ? '—' : f.percent(l.marginLevel.toFixed(2)))
  const p = preview
  return (
    <dl className="figures" data-testid="ticket-figures">
      <dt>
        <Trans>Required margin</Trans>
      </dt>
      <dd data-testid="ticket-margin">{money(p?.margin)}</dd>
      <dt>
        <Trans>Fee</Trans>
      </dt>
      <dd data-testid="ticket-fee">{money(p?.fee)}</dd>
      <dt>
        <Trans>Free margin</Trans>
      </dt>
      <dd data-testid="ticket-free-margin">
        {money(p?.before.freeMargin)} → {money(p?.after.freeMargin)}
      </dd>
      <dt>
        <Trans>Margin level</Trans>
      </dt>
      <dd data-testid="ticket-margin-level">
        {level(p?.before)} → {level(p?.after)}
      </dd>
      <dt>
        <Trans>Stop-out price</Trans>
      </dt>
      <dd data-testid="ticket-stop-out">{p?.stopOut ? f.price(p.stopOut.toFixed(inst.digits)) : <Trans context="stop-out price">none</Trans>}</dd>
    </dl>
  )
}
