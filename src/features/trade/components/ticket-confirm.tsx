// The confirmation: every number of the order again, as it will be sent. A re-quote (the price moved past the
// accepted slippage) shows here with the fresh numbers, and the user confirms again or goes back.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import type { Instrument } from '#contract/markets.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { useFormat } from '../../../lib/format.ts'
import type { Preview, TicketForm } from '../preview.ts'
import { toPriceUnits } from '../slippage.ts'
import { useLotsText } from '../use-lots-text.ts'
import type { TicketState } from './ticket-fields.tsx'
import { TicketFigures } from './ticket-figures.tsx'

type Props = {
  inst: Instrument
  /** The book the order goes to, named in the button's sentence. */
  book: AccountType
  state: TicketState
  form: TicketForm
  preview: Preview
  currency: string
  requote?: string
  error: Error | null
  sending: boolean
  disabled: boolean
  onBack: () => void
  onConfirm: () => void
}

export function TicketConfirm({ inst, book, state, form, preview, currency, requote, error, sending, disabled, onBack, onConfirm }: Props) {
  const { t } = useLingui()
  const f = useFormat()
  const price = f.price(preview.price.toFixed(inst.digits))
  const lots = f.amount(state.lots, { digits: /\.(\d+)$/.exec(state.lots)?.[1]?.length ?? 0 })
  const symbol = inst.symbol
  const isBuy = state.side === 'buy'
  const isStop = state.type === 'stop'
  const isLimit = state.type !== 'market'
  const none = t({ message: 'none', context: 'no take profit or stop loss' })
  const size = useLotsText()(state.lots)
  const isDemo = book === 'demo'
  // In the unit it was typed in, with what it allows in price units at this price.
  const typed = state.slippage || '0'
  const inPrice = f.price(toPriceUnits(typed, state.slippageUnit, inst, preview.price) ?? '0', inst.digits)
  const typedText = f.amount(typed, { digits: /\.(\d+)$/.exec(typed)?.[1]?.length ?? 0 })
  const slippageText =
    state.slippageUnit === 'points'
      ? t({ message: plural(Number(typed), { one: `${typedText} point (${inPrice})`, other: `${typedText} points (${inPrice})` }), comment: 'Accepted slippage; the amount in brackets is the same distance as a price' })
      : t({ message: `${typedText} % (${inPrice})`, comment: 'Accepted slippage in percent of the price; the amount in brackets is the same distance as a price' })
  // Whole sentences per book: "on Demo" and "on Live" inflect differently in many languages.
  const confirm = isStop
    ? isBuy
      ? isDemo
        ? t({ message: `Place buy stop: ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Place buy stop: ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
      : isDemo
        ? t({ message: `Place sell stop: ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Place sell stop: ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
    : isLimit
    ? isBuy
      ? isDemo
        ? t({ message: `Place buy limit: ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Place buy limit: ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
      : isDemo
        ? t({ message: `Place sell limit: ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Place sell limit: ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
    : isBuy
      ? isDemo
        ? t({ message: `Confirm: buy ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Confirm: buy ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
      : isDemo
        ? t({ message: `Confirm: sell ${size} ${symbol} at ${price} on Demo`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
        : t({ message: `Confirm: sell ${size} ${symbol} at ${price} on Live`, comment: 'Button that sends the order; size is a number of lots such as "0.01 lots"; Demo or Live is the book it goes to' })
  return (
    <div className="ticket" data-testid="ticket-confirm">
      {requote && (
        <p className="margin-warning" role="alert" data-testid="ticket-requote">
          <IconInfo size={18} />
          <span>{requote}</span>
        </p>
      )}
      <dl className="figures">
        <dt>
          <Trans>Instrument</Trans>
        </dt>
        <dd>{symbol}</dd>
        <dt>
          <Trans>Direction</Trans>
        </dt>
        <dd>{isBuy ? <Trans context="direction">Buy</Trans> : <Trans context="direction">Sell</Trans>}</dd>
        <dt>
          <Trans>Order type</Trans>
        </dt>
        <dd>
          {isStop ? <Trans context="order type">Stop</Trans> : isLimit ? <Trans context="order type">Limit</Trans> : <Trans context="order type">Market</Trans>}
        </dd>
        <dt>
          <Trans>Lots</Trans>
        </dt>
        <dd data-testid="confirm-lots">{lots}</dd>
        <dt>
          <Trans>Leverage</Trans>
        </dt>
        <dd>{`1:${state.leverage}`}</dd>
        <dt>{isStop ? <Trans>Stop price</Trans> : isLimit ? <Trans>Limit price</Trans> : <Trans>Price</Trans>}</dt>
        {/* A re-quoted price stands out: it is what changed since the last look. */}
        <dd data-testid="confirm-price" className={requote ? 'requoted' : undefined} data-requoted={requote ? 'true' : undefined}>
          {price}
        </dd>
        {!isLimit && (
          <>
            <dt>
              <Trans>Accepted slippage</Trans>
            </dt>
            <dd data-testid="confirm-slippage">{slippageText}</dd>
          </>
        )}
        <dt>
          <Trans>Take profit</Trans>
        </dt>
        <dd data-testid="confirm-tp">{form.takeProfit ? f.price(form.takeProfit, inst.digits) : none}</dd>
        <dt>
          <Trans>Stop loss</Trans>
        </dt>
        <dd data-testid="confirm-sl">{form.stopLoss ? f.price(form.stopLoss, inst.digits) : none}</dd>
      </dl>
      <TicketFigures inst={inst} preview={preview} currency={currency} />
      {error && !requote && <ErrorState error={error} compact />}
      <div className="ticket-submit">
        <Button size="lg" block className={isBuy ? 'buy' : 'sell'} loading={sending} disabled={disabled} onClick={onConfirm} data-testid="ticket-confirm-button">
          {confirm}
        </Button>
        <Button variant="secondary" block onClick={onBack}>
          <Trans>Change the order</Trans>
        </Button>
      </div>
    </div>
  )
}
