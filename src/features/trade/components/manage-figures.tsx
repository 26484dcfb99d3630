import type { Decimal } from 'decimal.js'
import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../../lib/format.ts'
import type { ManagePreview } from '../manage-preview.ts'

/** The book before → after a manage action, as the ticket shows an order's (ticket-figures.tsx). */
export function ManageFigures({ preview, currency, digits, showRealised }: { preview: ManagePreview | null; currency: string; digits?: number; showRealised?: boolean }) {
  const f = useFormat()
  const money = (v: Decimal | undefined) => (v === undefined ? '—' : `${f.amount(v.toFixed(2))} ${currency}`)
  const p = preview
  return (
    <dl className="figures" data-testid="manage-figures">
      {showRealised && (
        <>
          <dt>
            <Trans>P/L to realise</Trans>
          </dt>
          <dd data-testid="manage-pl">{p ? `${f.amount(p.realised.toFixed(2), { signed: true })} ${currency}` : '—'}</dd>
        </>
      )}
      <dt>
        <Trans>Margin</Trans>
      </dt>
      <dd data-testid="manage-margin">
        {money(p?.before.margin)} → {money(p?.after.margin)}
      </dd>
      <dt>
        <Trans>Free margin</Trans>
      </dt>
      <dd data-testid="manage-free-margin">
        {money(p?.before.freeMargin)} → {money(p?.after.freeMargin)}
      </dd>
      <dt>
        <Trans>Stop-out price</Trans>
      </dt>
      <dd data-testid="manage-stop-out">{!p ? '—' : p.stopOut ? f.price(p.stopOut.toFixed(digits ?? 5)) : <Trans context="stop-out price">none</Trans>}</dd>
    </dl>
  )
}
