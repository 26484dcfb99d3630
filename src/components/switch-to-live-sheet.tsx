// Going from practice to real money is one tap too easy to make by accident: every way to the live book (the balance
// screen's switch, a link to an order of the live book) asks with this sheet first.
import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from './ui/button.tsx'
import { ErrorState } from './ui/error-state.tsx'
import { Sheet } from './ui/sheet.tsx'

/** `reason`: why this way leads to the live book (a link to a live order says so), above the general warning. */
type Props = { open: boolean; pending: boolean; error: Error | null; onCancel: () => void; onConfirm: () => void; reason?: ReactNode }

export function SwitchToLiveSheet({ open, pending, error, onCancel, onConfirm, reason }: Props) {
  return (
    <Sheet
      open={open}
      onClose={onCancel}
      title={<Trans>Switch to your live book?</Trans>}
      footer={
        <div className="sheet-actions">
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Stay on Demo</Trans>
          </Button>
          <Button loading={pending} onClick={onConfirm} data-testid="switch-live-confirm">
            <Trans>Switch to Live</Trans>
          </Button>
        </div>
      }
    >
      {reason && <p data-testid="switch-live-reason">{reason}</p>}
      <p>
        <Trans>Orders you place from now on use real money, and gains and losses are real. You can switch back to Demo at any time.</Trans>
      </p>
      {error && <ErrorState error={error} compact />}
    </Sheet>
  )
}
