import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { InstrumentClass } from '#contract/markets.ts'

/** The market list's tabs: favourites, everything, then one per instrument class, in the product's order. */
export type MarketTab = 'favourites' | 'all' | InstrumentClass

export const CLASS_LABELS: Record<InstrumentClass, MessageDescriptor> = {
  forex: msg({ message: 'Forex', context: 'instrument class' }),
  crypto: msg({ message: 'Crypto', context: 'instrument class' }),
  stock: msg({ message: 'Stocks', context: 'instrument class' }),
  etf: msg({ message: 'ETF', context: 'instrument class' }),
  futures: msg({ message: 'Futures', context: 'instrument class' }),
}

export const CLASSES = Object.keys(CLASS_LABELS) as InstrumentClass[]
