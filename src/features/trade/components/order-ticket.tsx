// The order ticket: a bottom sheet on phones (lifted above the keyboard), a centred dialog on desktop. Two steps:
// the form, recomputed on every keystroke (preview.ts), then a confirmation that repeats every number. Confirming
// checks the price against the quoted one: moved more than the accepted slippage, it re-quotes instead of sending
// (and the server refuses such a fill too: quotedPrice and maxSlippage go with the order).
import { useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { Instrument } from '#contract/markets.ts'
import type { Decimal } from 'decimal.js'
import type { PendingType, PriceMoved, Side } from '#contract/orders.ts'
import type { Ticker } from '#contract/socket.ts'
import { openPrice, ratesFromQuotes } from '#contract/trading-math.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useFormat } from '../../../lib/format.ts'
import { isPlainNumber } from '../../../lib/number-input.ts'
import { useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, orderQueries, useOpenPosition, usePlaceLimit } from '../api.ts'
import { lotsProblem, movedBeyond, previewOrder, type Market, type Preview, type TicketForm } from '../preview.ts'
import { fittingType } from '../pending.ts'
import { defaultSlippageIn, toPriceUnits } from '../slippage.ts'
import { stopPrice, type StopContext } from '../stops.ts'
import { useKeyboardInset } from '../use-keyboard-inset.ts'
import { TicketFields, type TicketChecks, type TicketState } from './ticket-fields.tsx'
import { TicketConfirm } from './ticket-confirm.tsx'
import { TicketQuote } from './ticket-quote.tsx'
import { isLiveOnSimulated, LiveFeedNotice } from './live-feed-notice.tsx'
import '../trade.css'

/** The server's own wording (server.orders.unreasonableStops), shown before sending so the user never waits for the refusal. */
export const UNREASONABLE_STOPS = msg({
  message: 'unreasonable price setting for stop profit and stop loss',
  comment: 'The exact wording of the server refusal; keep it the same as the server message server.orders.unreasonableStops',
})

/** `docked`: on desktop the ticket stands beside the chart as a non-modal panel (trade-panel.tsx) instead of a dialog. */
type Props = { inst: Instrument; market: Market; side: Side; open: boolean; onClose: () => void; docked?: boolean }

export function OrderTicket(props: Props) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const book = useQuery(orderQueries.account(userId)).data?.book
  // Mounted only while open, so every opening starts from a fresh form and a fresh operation key. The title names
  // the book on the form and on the review, so Demo and Live never look alike.
  const title = (
    <span className="ticket-title">
      {t`New order: ${props.inst.symbol}`} {book && <BookLabel book={book} testId="ticket-book" />}
    </span>
  )
  return (
    <Sheet open={props.open} onClose={props.onClose} title={title} modal={!props.docked}>
      {props.open && <TicketQuote inst={props.inst} market={props.market} />}
      {props.open && <TicketBody {...props} />}
    </Sheet>
  )
}

function TicketBody({ inst, market, side, onClose }: Props) {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const openPosition = useOpenPosition()
  const placeLimit = usePlaceLimit()
  const keys = useRef(operationKeys()).current
  const [state, setState] = useState<TicketState>(() => ({
    side,
    type: 'market',
    lots: inst.lotMin,
    leverage: inst.leverages.includes(100) ? 100 : (inst.leverages.at(-1) ?? 1),
    limitPrice: '',
    slippage: defaultSlippageIn('percent', inst, quoteAtOpening(market, inst.symbol, side)),
    slippageUnit: 'percent',
    tp: { mode: 'price', text: '' },
    sl: { mode: 'price', text: '' },
  }))
  // `liveAt`: after the server's re-quote, the live price this tab showed then; while it still shows it, the server's
  // quote (newer) is the reference and a tap sends at once instead of re-quoting again here.
  const [confirming, setConfirming] = useState<{ quoted: Preview; form: TicketForm; requote?: string; liveAt?: Decimal } | null>(null)
  const [tried, setTried] = useState(false)
  // Set in the tap itself: the mutation's own pending state reaches the button a task later, after a double tap.
  const [isSending, setIsSending] = useState(false)
  useKeyboardInset(true)

  const quote = market.quote(inst.symbol)
  const rates = useMemo(() => ratesFromQuotes(market.quotes), [market.quotes])
  const basePreview = account.data
    ? previewOrder(inst, formOf(state, undefined), account.data, positions.data?.list ?? [], market)
    : null
  const ctx: StopContext | null = basePreview
    ? { inst, side: state.side, lots: state.lots, open: basePreview.price, margin: basePreview.margin, rates }
    : null
  const tpPrice = ctx ? stopPrice('tp', state.tp.mode, state.tp.text, ctx) : null
  const slPrice = ctx ? stopPrice('sl', state.sl.mode, state.sl.text, ctx) : null
  const form = formOf(state, { tp: tpPrice?.toFixed(inst.digits), sl: slPrice?.toFixed(inst.digits) })
  const preview = account.data ? previewOrder(inst, form, account.data, positions.data?.list ?? [], market) : null
  const sending = isSending || openPosition.isPending || placeLimit.isPending
  const checks: TicketChecks = {
    lots: lotsProblem(inst, state.lots),
    limitPrice: state.type === 'market' ? null : !preview ? 'missing' : pendingSideProblem(state.type, state.side, preview.price, quote ? openPrice(state.side, quote) : null),
    slippage: state.type === 'market' && state.slippage !== '' && !isPlainNumber(state.slippage),
    // Typed but giving no price (an amount the price cannot make), or a price on the wrong side.
    tp: state.tp.text !== '' && !!preview && (!tpPrice || !preview.takeProfitValid),
    sl: state.sl.text !== '' && !!preview && (!slPrice || !preview.stopLossValid),
  }
  const isReady = !!preview && preview.isAffordable && !checks.lots && !checks.limitPrice && !checks.slippage && !checks.tp && !checks.sl

  if (account.isPending || positions.isPending) return <SkeletonRows rows={4} />
  if (account.isError || positions.isError)
    return <ErrorState error={account.error ?? positions.error} onRetry={() => void Promise.all([account.refetch(), positions.refetch()])} />
  if (isLiveOnSimulated(account.data.book, market.quote(inst.symbol))) return <LiveFeedNotice symbol={inst.symbol} />

  const handleReview = () => {
    setTried(true)
    if (isReady) setConfirming({ quoted: preview, form })
  }

  const handleConfirm = () => {
    if (!confirming || !preview || isSending) return
    const { quoted } = confirming
    const sent = confirming.form
    const isServerQuoteFresh = !!confirming.liveAt && preview.price.eq(confirming.liveAt)
    // In price units at the confirmed price, as the server receives it (maxSlippage).
    const slippage = toPriceUnits(state.slippage || '0', state.slippageUnit, inst, quoted.price) ?? '0'
    if (state.type === 'market' && !isServerQuoteFresh && movedBeyond(quoted.price, preview.price, slippage)) {
      const from = f.price(quoted.price.toFixed(inst.digits))
      const to = f.price(preview.price.toFixed(inst.digits))
      setConfirming({ quoted: preview, form, requote: t`The price moved from ${from} to ${to}, more than the slippage you accepted. Check the new numbers and confirm again.` })
      return
    }
    setIsSending(true)
    const stops = { takeProfit: sent.takeProfit, stopLoss: sent.stopLoss }
    const base = { symbol: inst.symbol, side: state.side, lots: state.lots, leverage: state.leverage, ...stops }
    const done = (kind: 'position' | 'limit' | 'stop') => {
      toast(kind === 'position' ? t`Position opened` : kind === 'stop' ? t`Stop order placed` : t`Limit order placed`, 'success')
      onClose()
    }
    const failed = (error: Error) => {
      setIsSending(false)
      keys.settled(error)
      // The server saw the price move past the slippage (its 409 carries the quote it would fill at, PriceMoved):
      // the review is re-priced in place at that quote, so one tap confirms again. Other refusals show as they are.
      const moved = error instanceof ApiError && error.code === 409 ? asPriceMoved(error.data) : null
      if (moved && state.type === 'market' && account.data) {
        const at = atQuote(market, { simulated: quote?.simulated ?? true, symbol: inst.symbol, bid: moved.bid, ask: moved.ask, time: moved.time })
        const requoted = previewOrder(inst, sent, account.data, positions.data?.list ?? [], at)
        if (requoted) setConfirming({ quoted: requoted, form: sent, requote: error.message, liveAt: preview.price })
      }
    }
    if (state.type !== 'market') {
      const type = state.type
      const body = { ...base, price: state.limitPrice, type }
      placeLimit.mutate({ body, idempotencyKey: keys.keyFor(body) }, { onSuccess: () => done(type), onError: failed })
    } else {
      const body = { ...base, quotedPrice: quoted.price.toFixed(inst.digits), maxSlippage: slippage }
      openPosition.mutate({ body, idempotencyKey: keys.keyFor(body) }, { onSuccess: () => done('position'), onError: failed })
    }
  }

  if (confirming)
    return (
      <TicketConfirm
        inst={inst}
        book={account.data.book}
        state={state}
        form={confirming.form}
        preview={confirming.quoted}
        currency={account.data.currency}
        requote={confirming.requote}
        error={openPosition.error ?? placeLimit.error}
        sending={sending}
        disabled={!isOnline}
        onBack={() => {
          openPosition.reset()
          placeLimit.reset()
          setConfirming(null)
        }}
        onConfirm={handleConfirm}
      />
    )
  return (
    <TicketFields
      inst={inst}
      state={state}
      onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
      preview={preview}
      marketPrice={quote ? openPrice(state.side, quote) : null}
      ctx={ctx}
      currency={account.data.currency}
      showErrors={tried}
      checks={checks}
      unreasonable={i18n._(UNREASONABLE_STOPS)}
      disabled={!isOnline}
      onReview={handleReview}
    />
  )
}

/** A pending price at or through the market for its type would fill at once (the server refuses it too):
 * 'otherType' when the other pending type waits there, 'wrongSide' at the market price itself. */
function pendingSideProblem(type: PendingType, side: Side, price: Decimal, market: Decimal | null): TicketChecks['limitPrice'] {
  if (!market) return null
  const fits = fittingType(side, price, market)
  return fits === type ? null : fits ? 'otherType' : 'wrongSide'
}

/** The market with one symbol at the server's quote (a 409 priceMoved), the rest as this tab knows them. */
function atQuote(market: Market, ticker: Ticker): Market {
  const quotes = [...market.quotes.filter((q) => q.symbol !== ticker.symbol), ticker]
  return { ...market, quotes, quote: (symbol) => (symbol === ticker.symbol ? ticker : market.quote(symbol)) }
}

function quoteAtOpening(market: Market, symbol: string, side: Side): string | null {
  const quote = market.quote(symbol)
  return quote ? openPrice(side, quote).toFixed() : null
}

function formOf(s: TicketState, stops: { tp?: string; sl?: string } | undefined): TicketForm {
  return {
    side: s.side,
    lots: s.lots,
    leverage: s.leverage,
    limitPrice: s.type !== 'market' ? s.limitPrice : undefined,
    takeProfit: stops?.tp,
    stopLoss: stops?.sl,
  }
}

const DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/
const PRICE_FIELDS = ['bid', 'ask', 'price', 'quotedPrice', 'maxSlippage'] as const

/** A 409's data when it is the quote the server would fill at (PriceMoved), checked by hand: parsing it with the
 * contract's schema would bring the schema library into the first visit's bundle (the schemas PriceMoved builds on
 * are defined in modules the first screen imports; bench/size.ts). */
function asPriceMoved(data: unknown): PriceMoved | null {
  if (typeof data !== 'object' || data === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.symbol !== 'string' || (d.side !== 'buy' && d.side !== 'sell') || typeof d.time !== 'number') return null
  return PRICE_FIELDS.every((k) => typeof d[k] === 'string' && DECIMAL.test(d[k])) ? (d as PriceMoved) : null
}
