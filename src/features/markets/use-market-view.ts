import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Instrument } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { marketQueries } from './api.ts'
import { catalogueQueries } from './catalogue-api.ts'

/**
 * What other features need of the market, without importing this one: a route reads it and hands it on (the trade
 * feature's live P/L and ticket take it as a prop). Quotes are the kept prices (marketQueries.tickers), which the
 * socket's ticks and the catalogue's answers both feed, so every screen shows the same price with the same time.
 */
export type MarketView = {
  instrument: (symbol: string) => Instrument | undefined
  quote: (symbol: string) => Ticker | undefined
  quotes: Ticker[]
}

export function useMarketView(): MarketView {
  const { data: tickers } = useQuery(marketQueries.tickers())
  const { data: catalogue } = useQuery(catalogueQueries.list())
  return useMemo(() => {
    const instruments = new Map((catalogue ?? []).map((i) => [i.symbol, i]))
    const list = tickers ?? []
    const quotes = new Map(list.map((t) => [t.symbol, t]))
    return { instrument: (s) => instruments.get(s), quote: (s) => quotes.get(s), quotes: list }
  }, [tickers, catalogue])
}
