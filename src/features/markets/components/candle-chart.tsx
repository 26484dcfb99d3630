// Candles of one instrument with TradingView lightweight-charts. The library is imported dynamically inside the
// effect, so it is its own chunk, fetched only after the instrument screen has been shown (never on the first visit).
// The last candle follows the same socket ticks that drive prices and P/L. Prices become numbers only for drawing;
// no maths is done on them here: the OHLC legend shows the candle's own decimal strings (the bar under the cursor,
// else the last). Full screen: the chart covers the screen (the Fullscreen API where the browser has it, asking a
// phone for landscape; a fixed overlay otherwise). The feed has no traded volume, so the bottom fifth of the chart
// draws tick volume instead (a histogram of each bar's count of quote updates, as MetaTrader 5 does for forex;
// docs/api.md getKline), coloured like its candle, and the legend names it "Tick volume", never "Volume". The live
// bar counts the ticks this screen hears until the next fetch brings the server's count.
import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Candle, CandleInterval } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { IconExpand, IconShrink } from '../../../components/ui/icons.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { catalogueQueries } from '../catalogue-api.ts'
import { INTERVAL_MS, withQuote, type LiveBar } from '../candles.ts'
import { ChartLegend } from './chart-legend.tsx'
import { edgeSafeTickMarks, refreshEdgeLabels } from './edge-labels.ts'
import { useFullScreen } from './use-full-screen.ts'
import { formatAmount, useFormat } from '../../../lib/format.ts'

export type ChartLine = { price: string; label: string; kind: 'entry' | 'tp' | 'sl' | 'stopout' }

type Lib = typeof import('lightweight-charts')
type Chart = {
  api: import('lightweight-charts').IChartApi
  series: import('lightweight-charts').ISeriesApi<'Candlestick'>
  volume: import('lightweight-charts').ISeriesApi<'Histogram'>
}
type Colours = { up: string; down: string }

const INTERVALS: CandleInterval[] = ['1m', '5m', '15m', '1h', '1d']
const toBar = (c: Candle) => ({
  time: (c.time / 1000) as import('lightweight-charts').UTCTimestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
})

function cssVar(name: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim()
}

/** A #rrggbb colour made translucent, so the volume stays behind the candles' colours; others as they are. */
function translucent(colour: string, alpha: number) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)
  return hex ? `rgba(${parseInt(hex[1]!, 16)}, ${parseInt(hex[2]!, 16)}, ${parseInt(hex[3]!, 16)}, ${alpha})` : colour
}

/** A bar of tick volume, coloured as its candle: up when it closed at or above its open. */
const toVolume = (c: Candle, colours: Colours) => ({
  time: (c.time / 1000) as import('lightweight-charts').UTCTimestamp,
  value: c.ticks,
  color: Number(c.close) >= Number(c.open) ? colours.up : colours.down,
})

/** The chart's labels in the app's language: prices with the instrument's digits, dates in its calendar words. */
export function chartLocalization(locale: string, digits: number) {
  return { locale, priceFormatter: (price: number) => formatAmount(price, locale, { digits }) }
}

export function CandleChart({ symbol, digits, quote, lines }: { symbol: string; digits: number; quote?: Ticker; lines: ChartLine[] }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const isOnline = useIsOnline()
  const [interval, setCandleInterval] = useState<CandleInterval>('15m')
  const candles = useQuery(catalogueQueries.kline(symbol, interval))
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<Chart | null>(null)
  const colours = useRef<Colours>({ up: '', down: '' })
  const [lib, setLib] = useState<Lib | null>(null)
  const [libError, setLibError] = useState<unknown>(null)
  // Candles by their start in seconds (the chart's time), for the legend of the bar under the cursor.
  const byTime = useRef(new Map<number, Candle>())
  const [hovered, setHovered] = useState<Candle | null>(null)
  // The live bar is worked out in the render that shows its quote, not in an effect after it: the legend's close and
  // the quote's bid beside the chart then come from one tick in one commit (an effect's update was a frame later, so
  // the two could be seen to disagree). withQuote is idempotent, so a re-render never counts a tick twice.
  const [live, setLive] = useState<LiveBar & { data?: Candle[]; quote?: Ticker; interval: CandleInterval }>({ bar: null, counted: 0, interval })
  if (live.data !== candles.data || live.quote !== quote || live.interval !== interval) {
    let next: LiveBar = live.data === candles.data && live.interval === interval ? live : { bar: candles.data?.at(-1) ?? null, counted: live.counted }
    if (quote && candles.data) next = withQuote(next, quote, INTERVAL_MS[interval])
    setLive({ bar: next.bar, counted: next.counted, data: candles.data, quote, interval })
  }
  const wrap = useRef<HTMLDivElement>(null)
  const full = useFullScreen(wrap)

  useEffect(() => {
    let cancelled = false
    import('lightweight-charts').then((m) => !cancelled && setLib(m), (e: unknown) => !cancelled && setLibError(e))
    return () => void (cancelled = true)
  }, [])

  useEffect(() => {
    if (!lib || !box.current) return
    let made: import('lightweight-charts').IChartApi | null = null
    const api = lib.createChart(box.current, {
      autoSize: true,
      layout: { background: { type: lib.ColorType.Solid, color: 'transparent' }, textColor: cssVar('--text-muted'), fontSize: 12, attributionLogo: false },
      grid: { vertLines: { color: cssVar('--border') }, horzLines: { color: cssVar('--border') } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: cssVar('--border'), tickMarkFormatter: edgeSafeTickMarks(() => made) },
      rightPriceScale: { borderColor: cssVar('--border') },
    })
    made = api
    refreshEdgeLabels(api)
    const up = cssVar('--up')
    const down = cssVar('--down')
    const series = api.addSeries(lib.CandlestickSeries, {
      upColor: up, downColor: down, wickUpColor: up, wickDownColor: down, borderVisible: false,
    })
    // The candles keep the top, the tick volume the bottom fifth on a scale of its own (an overlay without axis).
    series.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } })
    const volume = api.addSeries(lib.HistogramSeries, {
      priceScaleId: 'ticks', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false,
    })
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
    colours.current = { up: translucent(up, 0.5), down: translucent(down, 0.5) }
    chart.current = { api, series, volume }
    api.subscribeCrosshairMove((param) => {
      setHovered(typeof param.time === 'number' ? (byTime.current.get(param.time) ?? null) : null)
    })
    return () => {
      chart.current = null
      api.remove()
    }
  }, [lib])

  // The instrument's digits may arrive after the chart (from the catalogue): the scale follows without a rebuild. The
  // axis and crosshair labels are written like every other price on the screen (docs/design-system.md, "Numbers and
  // dates"), not in the library's own en-US style: 95.066,30 in German, not 95066.30.
  useEffect(() => {
    chart.current?.series.applyOptions({ priceFormat: { type: 'price', precision: digits, minMove: 1 / 10 ** digits } })
    chart.current?.api.applyOptions({ localization: chartLocalization(locale, digits) })
  }, [digits, lib, locale])

  // History: set whenever the candles (or the chart) change.
  useEffect(() => {
    const c = chart.current
    if (!c || !candles.data) return
    c.series.setData(candles.data.map(toBar))
    c.volume.setData(candles.data.map((k) => toVolume(k, colours.current)))
    byTime.current = new Map(candles.data.map((k) => [k.time / 1000, k]))
    c.api.timeScale().scrollToRealTime()
  }, [candles.data, lib])

  // Live: the bar worked out above moves the last candle, or opens the next one.
  const liveBar = live.bar
  useEffect(() => {
    const c = chart.current
    if (!c || !liveBar || !candles.data) return
    byTime.current.set(liveBar.time / 1000, liveBar)
    c.series.update(toBar(liveBar))
    c.volume.update(toVolume(liveBar, colours.current))
  }, [liveBar, candles.data, lib])

  // Entry, TP, SL and stop-out of the open positions on this symbol.
  useEffect(() => {
    const c = chart.current
    if (!c || !lib) return
    const colour = { entry: cssVar('--info'), tp: cssVar('--up'), sl: cssVar('--down'), stopout: cssVar('--warn') }
    const drawn = lines.map((l) =>
      c.series.createPriceLine({
        price: Number(l.price), color: colour[l.kind], lineWidth: 1,
        lineStyle: l.kind === 'entry' ? lib.LineStyle.Solid : lib.LineStyle.Dashed, axisLabelVisible: true, title: l.label,
      }),
    )
    return () => drawn.forEach((p) => chart.current?.series.removePriceLine(p))
  }, [lines, lib])

  const failed = libError ?? (candles.isError && !candles.data ? candles.error : null)
  return (
    <div ref={wrap} className={full.isFull ? 'chart is-full' : 'chart'} data-testid="chart">
      <div className="chart-tools">
        <Segmented
          size="sm"
          label={t`Candle interval`}
          value={interval}
          onChange={setCandleInterval}
          options={INTERVALS.map((i) => ({ value: i, label: i }))}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label={full.isFull ? t`Leave full screen` : t`Full screen chart`}
          aria-pressed={full.isFull}
          onClick={full.toggle}
          data-testid="chart-full"
        >
          {full.isFull ? <IconShrink size={22} /> : <IconExpand size={22} />}
        </button>
      </div>
      <ChartLegend candle={hovered ?? liveBar} digits={digits} />
      <div className="chart-box">
        <div ref={box} className="chart-canvas" role="img" aria-label={t`Price chart of ${symbol}, ${interval} candles`} data-testid="chart-canvas" data-ready={lib && candles.data ? 'true' : undefined} />
        {!isOnline && !candles.data ? (
          // Offline without candles: the offline line in the card, not a skeleton that never ends.
          <div className="chart-state" data-testid="chart-offline">
            <ErrorState error={null} compact />
          </div>
        ) : failed ? (
          <div className="chart-state">
            <ErrorState error={failed} compact onRetry={() => void candles.refetch()} />
          </div>
        ) : (
          (!lib || candles.isPending) && (
            <div className="chart-state">
              <Skeleton height="100%" />
            </div>
          )
        )}
      </div>
      <p className="caption chart-credit">
        <Trans>
          Charts by <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">TradingView</a>
        </Trans>
      </p>
    </div>
  )
}
