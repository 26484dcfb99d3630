// The instruments the built-in simulator quotes. Prices are decimal strings with the instrument's digits.
export type SimInstrument = {
  symbol: string
  digits: number
  /** Mid price the walk starts from and stays near. */
  start: string
  /** ask - bid, exact, in price units. */
  spread: string
  /** Largest relative move in one tick (second). */
  step: string
}

export const SIM_INSTRUMENTS: SimInstrument[] = [
  { symbol: 'EURUSD', digits: 5, start: '1.08500', spread: '0.00012', step: '0.00005' },
  { symbol: 'GBPUSD', digits: 5, start: '1.27000', spread: '0.00015', step: '0.00005' },
  { symbol: 'USDJPY', digits: 3, start: '151.500', spread: '0.015', step: '0.00005' },
  { symbol: 'BTCUSDT', digits: 2, start: '65000.00', spread: '10.00', step: '0.0005' },
  { symbol: 'ETHUSDT', digits: 2, start: '3200.00', spread: '1.00', step: '0.0006' },
  { symbol: 'AAPL', digits: 2, start: '190.00', spread: '0.04', step: '0.0002' },
  { symbol: 'SPY', digits: 2, start: '520.00', spread: '0.05', step: '0.00015' },
  { symbol: 'XAUUSD', digits: 2, start: '2350.00', spread: '0.30', step: '0.0001' },
]

/** The walk never leaves start × (1 ± BAND), so a long-running demo keeps plausible prices. */
export const BAND = '0.2'
