// The ticket's form: direction, market or limit, lots, leverage, limit price, TP, SL and the accepted slippage, with
// the live figures under it and the review button in the sheet's reach.
import { Trans, useLingui } from '@lingui/react/macro'
import type { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import type { Side } from '#contract/orders.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { useFormat } from '../../../lib/format.ts'
import { isPlainNumber } from '../../../lib/number-input.ts'
import { farFrom } from '../far.ts'
import { useLotsText } from '../use-lots-text.ts'
import type { Preview } from '../preview.ts'
import type { StopContext } from '../stops.ts'
import { StopField, type StopValue } from './stop-field.tsx'
import { TicketFigures } from './ticket-figures.tsx'

export type TicketState = {
  side: Side
  type: 'market' | 'limit'
  lots: string
  leverage: number
  limitPrice: string
  /** In price units: how far the fill may move from the quoted price. */
  slippage: string
  tp: StopValue
  sl: StopValue
}

export type TicketChecks = { lots: 'range' | 'step' | null; limitPrice: 'missing' | null; slippage: boolean; tp: boolean; sl: boolean }

type Props = {
  inst: Instrument
  state: TicketState
  onChange: (patch: Partial<TicketState>) => void
  preview: Preview | null
  /** What the order would open at now (ask for a buy, bid for a sell), for the limit price's distance warning. */
  marketPrice: Decimal | null
  ctx: StopContext | null
  currency: string
  showErrors: boolean
  checks: TicketChecks
  /** The server's refusal text for stops on the wrong side, in the user's language. */
  unreasonable: string
  disabled: boolean
  onReview: () => void
}

export function TicketFields({ inst, state, onChange, preview, marketPrice, ctx, currency, showErrors, checks, unreasonable, disabled, onReview }: Props) {
  const { t } = useLingui()
  const f = useFormat()
  const lotsText = useLotsText()
  const size = lotsText(isPlainNumber(state.lots) ? state.lots : '0')
  const symbol = inst.symbol
  const stopOut = preview?.stopOut ? f.price(preview.stopOut.toFixed(inst.digits)) : ''
  const min = f.amount(inst.lotMin, { digits: decimalsOf(inst.lotMin) })
  const max = f.amount(inst.lotMax, { digits: decimalsOf(inst.lotMax) })
  const step = f.amount(inst.lotStep, { digits: decimalsOf(inst.lotStep) })
  const isBuy = state.side === 'buy'
  const limit = state.limitPrice ? f.price(state.limitPrice, inst.digits) : ''
  const limitFar = state.type === 'limit' && preview ? farFrom(preview.price, marketPrice) : null
  const distance = limitFar ? f.percent(limitFar.toFixed(2)) : ''
  const ref = marketPrice ? f.price(marketPrice.toFixed(inst.digits)) : ''
  const submit =
    state.type === 'limit'
      ? isBuy
        ? t({ message: `Review buy limit of ${size} ${symbol} at ${limit}`, comment: 'Button; size is a number of lots such as "0.01 lots"' })
        : t({ message: `Review sell limit of ${size} ${symbol} at ${limit}`, comment: 'Button; size is a number of lots such as "0.01 lots"' })
      : isBuy
        ? t({ message: `Buy ${size} ${symbol}`, comment: 'Button that opens the confirmation; size is a number of lots such as "0.01 lots"' })
        : t({ message: `Sell ${size} ${symbol}`, comment: 'Button that opens the confirmation; size is a number of lots such as "0.01 lots"' })
  return (
    <form
      className="ticket"
      data-testid="ticket"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onReview()
      }}
    >
      <Segmented
        label={t`Direction`}
        value={state.side}
        onChange={(side) => onChange({ side })}
        options={[
          { value: 'buy', label: <Trans context="direction">Buy</Trans> },
          { value: 'sell', label: <Trans context="direction">Sell</Trans> },
        ]}
      />
      <Segmented
        label={t`Order type`}
        value={state.type}
        onChange={(type) => onChange({ type, limitPrice: type === 'limit' && !state.limitPrice && preview ? preview.price.toFixed(inst.digits) : state.limitPrice })}
        options={[
          { value: 'market', label: <Trans context="order type">Market</Trans> },
          { value: 'limit', label: <Trans context="order type">Limit</Trans> },
        ]}
      />
      <div className="ticket-row">
        <AmountInput
          label={<Trans>Lots</Trans>}
          value={state.lots}
          onChange={(v) => onChange({ lots: v })}
          error={checks.lots && (showErrors || state.lots !== '') ? t`From ${min} to ${max}, in steps of ${step}` : undefined}
          data-testid="ticket-lots"
        />
        <div className="field">
          <label className="field-label" htmlFor="ticket-leverage">
            <Trans>Leverage</Trans>
          </label>
          <select id="ticket-leverage" className="select" value={state.leverage} onChange={(e) => onChange({ leverage: Number(e.target.value) })}>
            {inst.leverages.map((l) => (
              <option key={l} value={l}>
                {`1:${l}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.type === 'limit' ? (
        <AmountInput
          label={<Trans>Limit price</Trans>}
          value={state.limitPrice}
          onChange={(v) => onChange({ limitPrice: v })}
          hint={
            limitFar ? (
              <span className="warn" data-testid="ticket-limit-far">
                {t`This is ${distance} away from ${ref}: check that it is the price you mean.`}
              </span>
            ) : isBuy ? (
              <Trans>Buys when the ask reaches this price or lower.</Trans>
            ) : (
              <Trans>Sells when the bid reaches this price or higher.</Trans>
            )
          }
          error={checks.limitPrice && showErrors ? t`Enter the price to wait for` : undefined}
          data-testid="ticket-limit-price"
        />
      ) : (
        <AmountInput
          label={<Trans>Accepted slippage</Trans>}
          value={state.slippage}
          onChange={(v) => onChange({ slippage: v })}
          hint={<Trans>How far the price may move before you confirm, in price units.</Trans>}
          error={checks.slippage ? t`Enter how far the price may move, 0 or more` : undefined}
          data-testid="ticket-slippage"
        />
      )}
      <StopField kind="tp" value={state.tp} onChange={(tp) => onChange({ tp })} ctx={ctx} side={state.side} reference={preview?.reference ?? null} error={checks.tp ? unreasonable : undefined} />
      <StopField
        kind="sl"
        value={state.sl}
        onChange={(sl) => onChange({ sl })}
        ctx={ctx}
        side={state.side}
        reference={preview?.reference ?? null}
        error={checks.sl ? unreasonable : undefined}
        warning={preview?.stopLossBeyondStopOut ? t`Beyond the stop-out price ${stopOut}: the account would be stopped out before this stop loss closes the position.` : undefined}
      />
      <TicketFigures inst={inst} preview={preview} currency={currency} />
      {preview && !preview.isAffordable && (
        <p className="field-note error" role="alert">
          <Trans>Not enough free margin for this order.</Trans>
        </p>
      )}
      <div className="ticket-submit">
        <Button type="submit" size="lg" block className={isBuy ? 'buy' : 'sell'} disabled={disabled} data-testid="ticket-review">
          {submit}
        </Button>
      </div>
    </form>
  )
}

const decimalsOf = (v: string) => /\.(\d+)$/.exec(v)?.[1]?.length ?? 0
