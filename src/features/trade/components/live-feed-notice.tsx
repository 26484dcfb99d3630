// Live money trades only on real prices (docs/trading-account.md): on the live book, a symbol quoted by the simulator cannot
// be traded, and the ticket says so before anything is typed, offering the demo book instead of a form that would
// only be refused.
import { Trans } from '@lingui/react/macro'
import type { Ticker } from '#contract/socket.ts'
import { Button } from '../../../components/ui/button.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { useSwitchToDemo } from '../api.ts'

/** True when the live book cannot trade this quote: the server refuses such orders (liveNeedsRealFeed). */
export const isLiveOnSimulated = (book: 'demo' | 'live', quote: Ticker | undefined) => book === 'live' && quote?.simulated === true

export function LiveFeedNotice({ symbol }: { symbol: string }) {
  const toDemo = useSwitchToDemo()
  return (
    <div className="margin-warning" role="status" data-testid="live-feed-notice">
      <IconInfo size={18} />
      <span>
        <Trans>
          Live orders need real market prices, and the prices of {symbol} here are simulated. Your live book cannot trade it; your demo book
          can.
        </Trans>
      </span>
      <Button variant="secondary" loading={toDemo.isPending} onClick={() => toDemo.mutate()}>
        <Trans>Trade on demo</Trans>
      </Button>
    </div>
  )
}
