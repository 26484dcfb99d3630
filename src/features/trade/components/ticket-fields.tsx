// The ticket's form: direction, market, limit or stop, lots, leverage, the pending order's price (empty until typed,
// with the live price beside it), TP, SL and the accepted slippage, with the live figures under it and the review
// button in the sheet's reach.
import { Trans, useLingui } from '@lingui/react/macro'
import type { Decimal } from 'decimal.js'
import type { Instrument } from '#contract/markets.ts'
import type { PendingType, Side } from '#contract/orders.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { useFormat } from '../../../lib/format.ts'
import { isPlainNumber } from '../../../lib/number-input.ts'
import { farFrom } from '../far.ts'
import { useLotsText } from '../use-lots-text.ts'
import type { Preview } from '../preview.ts'
import { fromPriceUnits, toPriceUnits, type SlippageUnit } from '../slippage.ts'
import type { StopContext } from '../stops.ts'
import { StopField, type StopValue } from './stop-field.tsx'
import { TicketFigures } from './ticket-figures.tsx'

export type TicketState = {
  side: Side
  type: 'market' | PendingType
  lots: string
  leverage: number
  /** The pending order's price (limit or stop), as typed. */
  limitPrice: string
  /** How far the fill may move from the quoted price, as typed in `slippageUnit` (slippage.ts). */
  slippage: string
  slippageUnit: SlippageUnit
  tp: StopValue
  sl: StopValue
}

/** limitPrice 'wrongSide': the price is at or through the market for the chosen type (it would fill at once);
 * 'otherType' too, and the other pending type waits there. */
export type TicketChecks = { lots: 'range' | 'step' | null; limitPrice: 'missing' | 'wrongSide' | 'otherType' | null; slippage: boolean; tp: boolean; sl: boolean }

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
  const isPending = state.type !== 'market'
  const isStop = state.type === 'stop'
  const limitFar = isPending && preview ? farFrom(preview.price, marketPrice) : null
  const distance = limitFar ? f.percent(limitFar.toFixed(2)) : ''
  const ref = marketPrice ? f.price(marketPrice.toFixed(inst.digits)) : ''
  const submit = isStop
    ? isBuy
      ? t({ message: `Review buy stop of ${size} ${symbol} at ${limit}`, comment: 'Button; size is a number of lots such as "0.01 lots"' })
      : t({ message: `Review sell stop of ${size} ${symbol} at ${limit}`, comment: 'Button; size is a number of lots such as "0.01 lots"' })
    : state.type === 'limit'
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
        onChange={(type) => onChange({ type })}
        options={[
          { value: 'market', label: <Trans context="order type">Market</Trans> },
          { value: 'limit', label: <Trans context="order type">Limit</Trans> },
          { value: 'stop', label: <Trans context="order type">Stop</Trans> },
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
      {isPending ? (
        <AmountInput
          label={
            <span className="ticket-price-label">
              {isStop ? <Trans>Stop price</Trans> : <Trans>Limit price</Trans>}
              {ref && (
                <span className="caption" data-testid="ticket-price-now">
                  {isBuy ? t`Ask now ${ref}` : t`Bid now ${ref}`}
                </span>
              )}
            </span>
          }
          value={state.limitPrice}
          onChange={(v) => onChange({ limitPrice: v })}
          hint={
            limitFar ? (
              <span className="warn" data-testid="ticket-limit-far">
                {t`This is ${distance} away from ${ref}: check that it is the price you mean.`}
              </span>
            ) : (
              <PendingHint type={state.type as PendingType} isBuy={isBuy} />
            )
          }
          error={
            checks.limitPrice === 'missing' ? (
              showErrors ? t`Enter the price to wait for` : undefined
            ) : checks.limitPrice ? (
              <WrongSide
                type={state.type as PendingType}
                isBuy={isBuy}
                price={limit}
                market={ref}
                onSwitch={checks.limitPrice === 'otherType' ? () => onChange({ type: isStop ? 'limit' : 'stop' }) : undefined}
              />
            ) : undefined
          }
          data-testid="ticket-limit-price"
        />
      ) : (
        <div className="ticket-slippage">
          <AmountInput
            label={<Trans>Accepted slippage</Trans>}
            value={state.slippage}
            onChange={(v) => onChange({ slippage: v })}
            hint={
              state.slippageUnit === 'points' ? (
                <Trans>How far the price may move before you confirm, in points (the last digit of the price).</Trans>
              ) : (
                <Trans>How far the price may move before you confirm, in percent of the price.</Trans>
              )
            }
            error={checks.slippage ? t`Enter how far the price may move, 0 or more` : undefined}
            data-testid="ticket-slippage"
          />
          <Segmented
            size="sm"
            label={t`Slippage unit`}
            value={state.slippageUnit}
            onChange={(unit) => {
              // The same distance in the other unit, so switching never changes what is accepted.
              const inPrice = toPriceUnits(state.slippage, state.slippageUnit, inst, marketPrice)
              onChange({ slippageUnit: unit, slippage: inPrice === null ? state.slippage : fromPriceUnits(inPrice, unit, inst, marketPrice) })
            }}
            options={[
              { value: 'percent', label: '%' },
              { value: 'points', label: <Trans context="slippage unit">Points</Trans> },
            ]}
          />
        </div>
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

function PendingHint({ type, isBuy }: { type: PendingType; isBuy: boolean }) {
  if (type === 'stop') return isBuy ? <Trans>Buys when the ask rises to this price or higher.</Trans> : <Trans>Sells when the bid falls to this price or lower.</Trans>
  return isBuy ? <Trans>Buys when the ask reaches this price or lower.</Trans> : <Trans>Sells when the bid reaches this price or higher.</Trans>
}

/** The price is at or through the market for the chosen type: it would fill at once. Says so and offers, in one tap, the type that waits there. */
function WrongSide({ type, isBuy, price, market, onSwitch }: { type: PendingType; isBuy: boolean; price: string; market: string; onSwitch?: () => void }) {
  const { t } = useLingui()
  const [text, action] =
    type === 'limit'
      ? isBuy
        ? [t`A buy limit waits below the ask (${market}); at ${price} it would buy at once.`, t`Make it a buy stop`]
        : [t`A sell limit waits above the bid (${market}); at ${price} it would sell at once.`, t`Make it a sell stop`]
      : isBuy
        ? [t`A buy stop waits above the ask (${market}); at ${price} it would buy at once.`, t`Make it a buy limit`]
        : [t`A sell stop waits below the bid (${market}); at ${price} it would sell at once.`, t`Make it a sell limit`]
  return (
    <span className="ticket-wrong-side" data-testid="ticket-wrong-side">
      {text}{' '}
      {onSwitch && (
        <Button type="button" variant="secondary" onClick={onSwitch} data-testid="ticket-switch-type">
          {action}
        </Button>
      )}
    </span>
  )
}

const decimalsOf = (v: string) => /\.(\d+)$/.exec(v)?.[1]?.length ?? 0
