import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'

type Props = { open: boolean; pending: boolean; error: Error | null; onCancel: () => void; onConfirm: () => void }

/** Going from practice to real money is one tap too easy to make by accident: the live book is confirmed first. */
export function SwitchToLiveSheet({ open, pending, error, onCancel, onConfirm }: Props) {
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
      <p>
        <Trans>Orders you place from now on use real money, and gains and losses are real. You can switch back to Demo at any time.</Trans>
      </p>
      {error && <ErrorState error={error} compact />}
    </Sheet>
  )
}
