// Close all (POST /api/closeAllPositions): every open position of the book, or of the symbol shown, in one action,
// behind a sheet with how many close, the P/L they realise, the margin released and the figures after.
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/orders.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useSession } from '../../../lib/session.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { operationKeys, orderQueries } from '../api.ts'
import { useCloseAll } from '../manage-api.ts'
import { closeAllPreview } from '../manage-preview.ts'
import type { Market } from '../preview.ts'
import { ManageFigures } from './manage-figures.tsx'

type Props = { closing: Order[]; market: Market; currency: string; symbol?: string }

export function ManageCloseAll({ closing, market, currency, symbol }: Props) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const account = useQuery(orderQueries.account(userId))
  const positions = useQuery(orderQueries.positions(userId))
  const closeAll = useCloseAll()
  const keys = useRef(operationKeys())
  const [isAsking, setIsAsking] = useState(false)
  const preview = isAsking && account.data && positions.data ? closeAllPreview(closing, account.data, positions.data.list, market) : null
  const count = closing.length
  const handleClose = () => {
    const body = symbol ? { symbol } : {}
    closeAll.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: () => {
          keys.current = operationKeys()
          setIsAsking(false)
          toast(t`Positions closed`, 'success')
        },
        onError: (e) => keys.current.settled(e),
      },
    )
  }
  return (
    <div className="manage-close-all">
      <Button variant="secondary" onClick={() => setIsAsking(true)} disabled={!isOnline} data-testid="close-all">
        {symbol ? <Trans>Close all {symbol}</Trans> : <Trans>Close all positions</Trans>}
      </Button>
      <Sheet
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={symbol ? <Trans>Close every {symbol} position?</Trans> : <Trans>Close every position?</Trans>}
        footer={
          <div className="sheet-actions">
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              <Trans>Keep them open</Trans>
            </Button>
            <Button variant="danger" loading={closeAll.isPending} disabled={!isOnline} onClick={handleClose} data-testid="close-all-confirm">
              <Plural value={count} one="Close # position" other="Close # positions" />
            </Button>
          </div>
        }
      >
        <div className="manage-sheet" data-testid="manage-close-all">
          <p>
            <Trans>Each closes at its current price and settles its P/L; pending orders keep waiting.</Trans>
          </p>
          <ManageFigures preview={preview} currency={currency} digits={symbol ? market.instrument(symbol)?.digits : undefined} showRealised />
          {closeAll.error && <ErrorState error={closeAll.error} compact />}
        </div>
      </Sheet>
    </div>
  )
}
