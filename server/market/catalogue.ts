// The instrument catalogue: data, one row per instrument, with each class's shared terms written once. Every count
// the app shows ("N+ cryptocurrencies") is computed from it; the simulator starts each walk at `start` and moves it
// with `volatility`. Longer than most files because it is a table: 71 rows in five class blocks.
// Prices are late-2025 levels; a pid is stable forever (orders and favourites refer to it), so new rows take new pids.
import type { Instrument } from '#contract/markets.ts'

export type CatalogueInstrument = Instrument & {
  /** Mid price the simulator starts from and stays near (start × (1 ± 0.2)). */
  start: string
  /** Typical relative standard deviation of the price over one day (0.006 = 0.6 %). */
  volatility: string
}

type Terms = Pick<Instrument, 'class' | 'contractSize' | 'lotMin' | 'lotMax' | 'lotStep' | 'leverages' | 'marginMode' | 'feeRate' | 'hours'>
type Row = [pid: number, symbol: string, name: string, digits: number, start: string, spread: string, volatility: string]

const FX_LEVERAGES = [1, 10, 20, 50, 100, 200, 500]
const FOREX: Terms = { class: 'forex', contractSize: '100000', lotMin: '0.01', lotMax: '100', lotStep: '0.01', leverages: FX_LEVERAGES, marginMode: 'forex', feeRate: '0.00003', hours: '24x5' }
const CRYPTO: Terms = { class: 'crypto', contractSize: '1', lotMin: '0.01', lotMax: '100', lotStep: '0.01', leverages: [1, 2, 5, 10, 20, 50, 100], marginMode: 'cfd', feeRate: '0.0005', hours: '24x7' }
const STOCK: Terms = { class: 'stock', contractSize: '1', lotMin: '1', lotMax: '1000', lotStep: '1', leverages: [1, 2, 5, 10, 20], marginMode: 'cfd', feeRate: '0.0002', hours: 'us_equity' }
const ETF: Terms = { ...STOCK, class: 'etf', feeRate: '0.0001' }
const FUTURES: Terms = { class: 'futures', contractSize: '1', lotMin: '0.01', lotMax: '50', lotStep: '0.01', leverages: [1, 10, 20, 50, 100, 200], marginMode: 'cfd', feeRate: '0.0001', hours: 'futures' }

/** 0.0001 for 5-digit and 0.01 for 3-digit quotes (a pip is ten points). */
const fxPip = (digits: number) => (digits === 3 ? '0.01' : '0.0001')
const point = (digits: number) => (digits === 0 ? '1' : `0.${'0'.repeat(digits - 1)}1`)

const forex: Row[] = [
  [1001, 'EURUSD', 'Euro vs US Dollar', 5, '1.16500', '0.00012', '0.005'],
  [1002, 'GBPUSD', 'British Pound vs US Dollar', 5, '1.31500', '0.00015', '0.006'],
  [1003, 'USDJPY', 'US Dollar vs Japanese Yen', 3, '155.000', '0.015', '0.006'],
  [1004, 'USDCHF', 'US Dollar vs Swiss Franc', 5, '0.80500', '0.00015', '0.005'],
  [1005, 'AUDUSD', 'Australian Dollar vs US Dollar', 5, '0.65500', '0.00014', '0.007'],
  [1006, 'USDCAD', 'US Dollar vs Canadian Dollar', 5, '1.40000', '0.00018', '0.004'],
  [1007, 'NZDUSD', 'New Zealand Dollar vs US Dollar', 5, '0.57000', '0.00018', '0.007'],
  [1008, 'EURGBP', 'Euro vs British Pound', 5, '0.88500', '0.00018', '0.004'],
  [1009, 'EURJPY', 'Euro vs Japanese Yen', 3, '180.500', '0.020', '0.006'],
  [1010, 'GBPJPY', 'British Pound vs Japanese Yen', 3, '204.000', '0.030', '0.008'],
  [1011, 'EURCHF', 'Euro vs Swiss Franc', 5, '0.93500', '0.00020', '0.004'],
  [1012, 'EURAUD', 'Euro vs Australian Dollar', 5, '1.78000', '0.00030', '0.006'],
  [1013, 'EURCAD', 'Euro vs Canadian Dollar', 5, '1.63000', '0.00030', '0.005'],
  [1014, 'GBPCHF', 'British Pound vs Swiss Franc', 5, '1.06000', '0.00030', '0.006'],
  [1015, 'AUDJPY', 'Australian Dollar vs Japanese Yen', 3, '101.500', '0.020', '0.008'],
  [1016, 'CADJPY', 'Canadian Dollar vs Japanese Yen', 3, '110.500', '0.025', '0.007'],
  [1017, 'CHFJPY', 'Swiss Franc vs Japanese Yen', 3, '192.500', '0.030', '0.007'],
  [1018, 'AUDNZD', 'Australian Dollar vs New Zealand Dollar', 5, '1.15000', '0.00030', '0.004'],
  [1019, 'GBPAUD', 'British Pound vs Australian Dollar', 5, '2.01000', '0.00040', '0.006'],
  [1020, 'NZDJPY', 'New Zealand Dollar vs Japanese Yen', 3, '88.500', '0.025', '0.008'],
]

/** Coins per lot: one for the dear coins, more for the cheap ones, so a minimum lot is still worth a few dollars. */
const COINS_PER_LOT: Record<string, string> = { XRPUSDT: '100', ADAUSDT: '100', DOGEUSDT: '1000', TRXUSDT: '1000', XLMUSDT: '1000', AVAXUSDT: '10', DOTUSDT: '10', LINKUSDT: '10', ATOMUSDT: '10', UNIUSDT: '10' }

const crypto: Row[] = [
  [2001, 'BTCUSDT', 'Bitcoin', 2, '95000.00', '10.00', '0.03'],
  [2002, 'ETHUSDT', 'Ethereum', 2, '3200.00', '1.00', '0.04'],
  [2003, 'BNBUSDT', 'BNB', 2, '650.00', '0.30', '0.035'],
  [2004, 'SOLUSDT', 'Solana', 2, '180.00', '0.10', '0.05'],
  [2005, 'XRPUSDT', 'XRP', 4, '2.3000', '0.0010', '0.05'],
  [2006, 'ADAUSDT', 'Cardano', 4, '0.7000', '0.0005', '0.05'],
  [2007, 'DOGEUSDT', 'Dogecoin', 5, '0.18000', '0.00010', '0.06'],
  [2008, 'TRXUSDT', 'TRON', 5, '0.25000', '0.00010', '0.03'],
  [2009, 'AVAXUSDT', 'Avalanche', 3, '30.000', '0.030', '0.055'],
  [2010, 'DOTUSDT', 'Polkadot', 3, '5.000', '0.005', '0.055'],
  [2011, 'LINKUSDT', 'Chainlink', 3, '18.000', '0.020', '0.055'],
  [2012, 'LTCUSDT', 'Litecoin', 2, '95.00', '0.10', '0.045'],
  [2013, 'BCHUSDT', 'Bitcoin Cash', 2, '480.00', '0.50', '0.045'],
  [2014, 'XLMUSDT', 'Stellar', 5, '0.30000', '0.00020', '0.05'],
  [2015, 'ATOMUSDT', 'Cosmos', 3, '6.000', '0.008', '0.055'],
  [2016, 'UNIUSDT', 'Uniswap', 3, '9.000', '0.010', '0.06'],
]

const stocks: Row[] = [
  [3001, 'AAPL', 'Apple Inc.', 2, '230.00', '0.04', '0.015'],
  [3002, 'MSFT', 'Microsoft Corp.', 2, '480.00', '0.06', '0.014'],
  [3003, 'NVDA', 'NVIDIA Corp.', 2, '180.00', '0.05', '0.03'],
  [3004, 'AMZN', 'Amazon.com Inc.', 2, '225.00', '0.05', '0.02'],
  [3005, 'GOOGL', 'Alphabet Inc. Class A', 2, '280.00', '0.05', '0.018'],
  [3006, 'META', 'Meta Platforms Inc.', 2, '620.00', '0.10', '0.022'],
  [3007, 'TSLA', 'Tesla Inc.', 2, '420.00', '0.10', '0.035'],
  [3008, 'NFLX', 'Netflix Inc.', 2, '110.00', '0.05', '0.02'],
  [3009, 'AMD', 'Advanced Micro Devices Inc.', 2, '230.00', '0.06', '0.03'],
  [3010, 'INTC', 'Intel Corp.', 2, '38.00', '0.02', '0.025'],
  [3011, 'JPM', 'JPMorgan Chase & Co.', 2, '300.00', '0.05', '0.012'],
  [3012, 'V', 'Visa Inc.', 2, '340.00', '0.05', '0.011'],
  [3013, 'KO', 'Coca-Cola Co.', 2, '70.00', '0.02', '0.008'],
  [3014, 'DIS', 'Walt Disney Co.', 2, '112.00', '0.03', '0.015'],
  [3015, 'BA', 'Boeing Co.', 2, '200.00', '0.06', '0.02'],
  [3016, 'NKE', 'Nike Inc.', 2, '65.00', '0.02', '0.018'],
]

const etfs: Row[] = [
  [4001, 'SPY', 'SPDR S&P 500 ETF Trust', 2, '660.00', '0.03', '0.01'],
  [4002, 'QQQ', 'Invesco QQQ Trust', 2, '600.00', '0.04', '0.013'],
  [4003, 'DIA', 'SPDR Dow Jones Industrial Average ETF', 2, '470.00', '0.05', '0.009'],
  [4004, 'IWM', 'iShares Russell 2000 ETF', 2, '240.00', '0.03', '0.014'],
  [4005, 'GLD', 'SPDR Gold Shares', 2, '380.00', '0.04', '0.01'],
  [4006, 'TLT', 'iShares 20+ Year Treasury Bond ETF', 2, '90.00', '0.02', '0.008'],
  [4007, 'EEM', 'iShares MSCI Emerging Markets ETF', 2, '53.00', '0.02', '0.011'],
  [4008, 'VTI', 'Vanguard Total Stock Market ETF', 2, '330.00', '0.04', '0.01'],
  [4009, 'XLF', 'Financial Select Sector SPDR Fund', 2, '53.00', '0.02', '0.011'],
]

/** Futures and commodities: [row, contract size, pip size, base currency]; quoted in USD. */
const futures: Array<[Row, string, string, string]> = [
  [[5001, 'XAUUSD', 'Gold vs US Dollar', 2, '4000.00', '0.30', '0.012'], '100', '0.1', 'XAU'],
  [[5002, 'XAGUSD', 'Silver vs US Dollar', 3, '48.000', '0.030', '0.02'], '5000', '0.01', 'XAG'],
  [[5003, 'XPTUSD', 'Platinum vs US Dollar', 2, '1550.00', '2.00', '0.018'], '100', '0.1', 'XPT'],
  [[5004, 'USOIL', 'WTI Crude Oil', 2, '60.00', '0.04', '0.02'], '1000', '0.01', 'WTI'],
  [[5005, 'UKOIL', 'Brent Crude Oil', 2, '64.00', '0.04', '0.019'], '1000', '0.01', 'BRENT'],
  [[5006, 'NGAS', 'Natural Gas', 3, '4.200', '0.005', '0.035'], '10000', '0.001', 'NGAS'],
  [[5007, 'COPPER', 'Copper', 4, '5.0000', '0.0030', '0.015'], '25000', '0.0001', 'HG'],
  [[5008, 'US500', 'S&P 500 Index', 1, '6600.0', '0.5', '0.01'], '1', '1', 'US500'],
  [[5009, 'US30', 'Dow Jones Industrial Average', 1, '46000.0', '2.0', '0.009'], '1', '1', 'US30'],
  [[5010, 'NAS100', 'Nasdaq 100 Index', 1, '24500.0', '1.0', '0.013'], '1', '1', 'NAS100'],
]

function entry(terms: Terms, [pid, symbol, name, digits, start, spread, volatility]: Row, extra: Partial<Instrument>): CatalogueInstrument {
  return { pid, symbol, name, digits, start, spread, volatility, pipSize: point(digits), marginCurrency: 'USDT', baseCurrency: symbol, quoteCurrency: 'USD', ...terms, ...extra }
}

export const instruments: readonly CatalogueInstrument[] = [
  ...forex.map((row) => entry(FOREX, row, { pipSize: fxPip(row[3]), baseCurrency: row[1].slice(0, 3), quoteCurrency: row[1].slice(3) })),
  ...crypto.map((row) => entry(CRYPTO, row, { contractSize: COINS_PER_LOT[row[1]] ?? '1', baseCurrency: row[1].replace(/USDT$/, ''), quoteCurrency: 'USDT' })),
  ...stocks.map((row) => entry(STOCK, row, {})),
  ...etfs.map((row) => entry(ETF, row, {})),
  ...futures.map(([row, contractSize, pipSize, base]) => entry(FUTURES, row, { contractSize, pipSize, baseCurrency: base })),
]

/** Shown first on the home screen. */
export const featuredSymbols = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'XAUUSD', 'AAPL', 'SPY']

const bySymbol = new Map(instruments.map((i) => [i.symbol, i]))
const byPid = new Map(instruments.map((i) => [i.pid, i]))

export const instrumentBySymbol = (symbol: string): CatalogueInstrument | undefined => bySymbol.get(symbol)
export const instrumentByPid = (pid: number): CatalogueInstrument | undefined => byPid.get(pid)
