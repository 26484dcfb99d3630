// Instrument names in the reader's language. The symbol stays as it is (EURUSD is EURUSD in every market); the name
// under it is what a reader recognises: "ユーロ / 米ドル", "Биткоин", "Rohöl WTI". Company and fund names (AAPL's
// "Apple Inc.", SPY's "SPDR S&P 500 ETF Trust") are registered proper names and keep the server's spelling, as brokers
// show them in every language. The messages are in the `screens` catalog (lingui.config.ts), loaded with the first
// screen that lists instruments, so the first visit's JavaScript does not carry 16 languages of names.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'

const NAMES: Record<string, MessageDescriptor> = {
  EURUSD: msg({ message: 'Euro vs US Dollar', context: 'instrument name' }),
  GBPUSD: msg({ message: 'British Pound vs US Dollar', context: 'instrument name' }),
  USDJPY: msg({ message: 'US Dollar vs Japanese Yen', context: 'instrument name' }),
  USDCHF: msg({ message: 'US Dollar vs Swiss Franc', context: 'instrument name' }),
  AUDUSD: msg({ message: 'Australian Dollar vs US Dollar', context: 'instrument name' }),
  USDCAD: msg({ message: 'US Dollar vs Canadian Dollar', context: 'instrument name' }),
  NZDUSD: msg({ message: 'New Zealand Dollar vs US Dollar', context: 'instrument name' }),
  EURGBP: msg({ message: 'Euro vs British Pound', context: 'instrument name' }),
  EURJPY: msg({ message: 'Euro vs Japanese Yen', context: 'instrument name' }),
  GBPJPY: msg({ message: 'British Pound vs Japanese Yen', context: 'instrument name' }),
  EURCHF: msg({ message: 'Euro vs Swiss Franc', context: 'instrument name' }),
  EURAUD: msg({ message: 'Euro vs Australian Dollar', context: 'instrument name' }),
  EURCAD: msg({ message: 'Euro vs Canadian Dollar', context: 'instrument name' }),
  GBPCHF: msg({ message: 'British Pound vs Swiss Franc', context: 'instrument name' }),
  AUDJPY: msg({ message: 'Australian Dollar vs Japanese Yen', context: 'instrument name' }),
  CADJPY: msg({ message: 'Canadian Dollar vs Japanese Yen', context: 'instrument name' }),
  CHFJPY: msg({ message: 'Swiss Franc vs Japanese Yen', context: 'instrument name' }),
  AUDNZD: msg({ message: 'Australian Dollar vs New Zealand Dollar', context: 'instrument name' }),
  GBPAUD: msg({ message: 'British Pound vs Australian Dollar', context: 'instrument name' }),
  NZDJPY: msg({ message: 'New Zealand Dollar vs Japanese Yen', context: 'instrument name' }),
  BTCUSDT: msg({ message: 'Bitcoin', context: 'instrument name' }),
  ETHUSDT: msg({ message: 'Ethereum', context: 'instrument name' }),
  BNBUSDT: msg({ message: 'BNB', context: 'instrument name' }),
  SOLUSDT: msg({ message: 'Solana', context: 'instrument name' }),
  XRPUSDT: msg({ message: 'XRP', context: 'instrument name' }),
  ADAUSDT: msg({ message: 'Cardano', context: 'instrument name' }),
  DOGEUSDT: msg({ message: 'Dogecoin', context: 'instrument name' }),
  TRXUSDT: msg({ message: 'TRON', context: 'instrument name' }),
  AVAXUSDT: msg({ message: 'Avalanche', context: 'instrument name' }),
  DOTUSDT: msg({ message: 'Polkadot', context: 'instrument name' }),
  LINKUSDT: msg({ message: 'Chainlink', context: 'instrument name' }),
  LTCUSDT: msg({ message: 'Litecoin', context: 'instrument name' }),
  BCHUSDT: msg({ message: 'Bitcoin Cash', context: 'instrument name' }),
  XLMUSDT: msg({ message: 'Stellar', context: 'instrument name' }),
  ATOMUSDT: msg({ message: 'Cosmos', context: 'instrument name' }),
  UNIUSDT: msg({ message: 'Uniswap', context: 'instrument name' }),
  XAUUSD: msg({ message: 'Gold vs US Dollar', context: 'instrument name' }),
  XAGUSD: msg({ message: 'Silver vs US Dollar', context: 'instrument name' }),
  XPTUSD: msg({ message: 'Platinum vs US Dollar', context: 'instrument name' }),
  USOIL: msg({ message: 'WTI Crude Oil', context: 'instrument name' }),
  UKOIL: msg({ message: 'Brent Crude Oil', context: 'instrument name' }),
  NGAS: msg({ message: 'Natural Gas', context: 'instrument name' }),
  COPPER: msg({ message: 'Copper', context: 'instrument name' }),
  US500: msg({ message: 'S&P 500 Index', context: 'instrument name' }),
  US30: msg({ message: 'Dow Jones Industrial Average', context: 'instrument name' }),
  NAS100: msg({ message: 'Nasdaq 100 Index', context: 'instrument name' }),
}

/** The name of `symbol` in the active language; `fallback` (the server's English name) when it has none. */
export function instrumentName(i18n: I18n, symbol: string, fallback: string): string {
  const name = NAMES[symbol]
  return name ? i18n._(name) : fallback
}

/** Upper case without spaces, slashes, dots or dashes: "eur/usd", "EUR USD" and "eurusd" all read EURUSD. */
export function compact(text: string): string {
  return text.toLocaleUpperCase().replace(/[\s/.\-_&+]/gu, '')
}

/**
 * Whether an instrument answers a search: its symbol or either name (translated or English) contains the query,
 * separators ignored ("eur usd" finds EURUSD), or every word of the query is in a name ("dollar euro").
 */
export function matchesSearch(query: string, symbol: string, names: string[]): boolean {
  const q = compact(query)
  if (!q) return true
  if (compact(symbol).includes(q) || names.some((n) => compact(n).includes(q))) return true
  const words = query.toLocaleUpperCase().split(/[\s/]+/u).filter(Boolean)
  return names.some((n) => words.every((w) => n.toLocaleUpperCase().includes(w)))
}
