// The chart's price axis and crosshair label are canvas text: they are written by the formatter handed to the
// library, so that formatter is what a trader reads beside the candles.
import { describe, expect, it } from 'vitest'
import { chartLocalization } from './candle-chart.tsx'

describe('chart labels', () => {
  it('write a German price with German grouping and comma, like the price card beside the chart', () => {
    const { locale, priceFormatter } = chartLocalization('de-DE', 2)
    expect(locale).toBe('de-DE')
    expect(priceFormatter(95066.3)).toBe('95.066,30')
    expect(priceFormatter(94500)).toBe('94.500,00')
  })

  it('group thousands in English and keep the instrument\'s digits', () => {
    expect(chartLocalization('en-US', 2).priceFormatter(94987.71)).toBe('94,987.71')
    expect(chartLocalization('en-US', 5).priceFormatter(1.16494)).toBe('1.16494')
  })
})
