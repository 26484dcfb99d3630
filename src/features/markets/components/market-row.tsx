// One instrument in the market list: symbol and name, bid over ask, change (or "Closed"), and a favourite star.
// The row is the link to the instrument; the star is its own 44 px button beside it.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { InstrumentQuote } from '#contract/markets.ts'
import type { Ticker } from '#contract/socket.ts'
import { Change, Price } from '../../../components/ui/amount.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { instrumentName } from '../instrument-names.ts'
import { changePercent } from '../ticker-math.ts'

type Props = {
  instrument: InstrumentQuote
  quote: Ticker | null
  isOpen: boolean
  /** Undefined: no star (signed out). */
  isFavourite?: boolean
  onToggleFavourite?: () => void
}

export function MarketRow({ instrument, quote, isOpen, isFavourite, onToggleFavourite }: Props) {
  const { t, i18n } = useLingui()
  const change = quote ? changePercent(quote) : null
  const symbol = instrument.symbol
  return (
    <li className="market-item" data-testid="market-row" data-symbol={symbol}>
      <Link to="/detail" search={{ symbol }} className={isOpen ? 'price-row market-row' : 'price-row market-row is-closed'}>
        <span className="market-name">
          <span className="price-symbol">{symbol}</span>
          <span className="market-sub">{instrumentName(i18n, symbol, instrument.name)}</span>
        </span>
        <span className="price-quote">
          {quote ? (
            <>
              <Price value={quote.bid} />
              <span className="price-ask">
                <span className="visually-hidden">
                  <Trans>Ask</Trans>{' '}
                </span>
                <Price value={quote.ask} />
              </span>
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </span>
        <span className="price-change">
          {!isOpen ? (
            <Badge testId="market-closed">
              <Trans context="market">Closed</Trans>
            </Badge>
          ) : change === null ? (
            <span className="muted">—</span>
          ) : (
            <Change value={change} />
          )}
        </span>
      </Link>
      {isFavourite !== undefined && (
        <button
          type="button"
          className="icon-btn fav-btn"
          aria-pressed={isFavourite}
          aria-label={t`Favourite ${symbol}`}
          data-testid="favourite"
          onClick={onToggleFavourite}
        >
          <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false" fill={isFavourite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
          </svg>
        </button>
      )}
    </li>
  )
}
