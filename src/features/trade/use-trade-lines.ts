import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { stopOutPrice } from '#contract/stop-out-price.ts'
import { useSession } from '../../lib/session.ts'
import { orderQueries } from './api.ts'
import type { Market } from './preview.ts'

/** A horizontal line on the chart (the markets feature's ChartLine has the same shape). */
export type TradeLine = { price: string; label: string; kind: 'entry' | 'tp' | 'sl' | 'stopout' }

/**
 * Entry, TP and SL of each open position on `symbol`, and the bid at which the account would reach stop-out if only
 * this symbol's price moved. Rebuilt only when a line's price changes (not on every tick), so the chart is not
 * redrawn needlessly.
 */
export function useTradeLines(symbol: string, market: Market): TradeLine[] {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const inst = market.instrument(symbol)
  const lines: TradeLine[] = []
  const open = positions.data?.list ?? []
  for (const p of open.filter((o) => o.symbol === symbol)) {
    if (p.openPrice) lines.push({ price: p.openPrice, label: t`Entry`, kind: 'entry' })
    if (p.takeProfit) lines.push({ price: p.takeProfit, label: t({ message: 'TP', context: 'take profit, chart label' }), kind: 'tp' })
    if (p.stopLoss) lines.push({ price: p.stopLoss, label: t({ message: 'SL', context: 'stop loss, chart label' }), kind: 'sl' })
  }
  if (inst && account.data && open.some((o) => o.symbol === symbol)) {
    const all = open.map((o) => ({ instrument: market.instrument(o.symbol), side: o.side, lots: o.lots, openPrice: o.openPrice ?? '0', margin: o.margin }))
    if (all.every((o) => o.instrument)) {
      const price = stopOutPrice({
        balance: account.data.balance,
        positions: all.map((o) => ({ ...o, instrument: o.instrument! })),
        quotes: new Map(market.quotes.map((q) => [q.symbol, q])),
        stopOutLevel: account.data.stopOutLevel,
        instrument: inst,
      })
      if (price) lines.push({ price: price.toFixed(inst.digits), label: t`Stop-out`, kind: 'stopout' })
    }
  }
  const key = JSON.stringify(lines)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content: a new array with the same lines is the same
  return useMemo(() => lines, [key])
}
