import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { DEMO_FUNDS } from '#contract/account.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconRetry } from '../../../components/ui/icons.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useResetDemo } from '../api.ts'

/** Resets the demo book to its starting funds (DEMO_FUNDS, the server's constant), after the user confirms. */
export function ResetDemoButton({ disabled }: { disabled?: boolean }) {
  const f = useFormat()
  const [isAsking, setIsAsking] = useState(false)
  const reset = useResetDemo()
  const amount = `${f.amount(DEMO_FUNDS.amount)} ${DEMO_FUNDS.currency}`
  const handleConfirm = () => {
    // One key per confirmation: a retried request after a timeout resets once.
    reset.mutate(crypto.randomUUID(), { onSuccess: () => setIsAsking(false) })
  }
  return (
    <>
      <Button variant="secondary" block disabled={disabled} onClick={() => setIsAsking(true)}>
        <IconRetry size={18} />
        <Trans>Reset demo funds</Trans>
      </Button>
      <Sheet
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={<Trans>Reset demo funds?</Trans>}
        footer={
          <div className="sheet-actions">
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" loading={reset.isPending} onClick={handleConfirm}>
              <Trans>Reset</Trans>
            </Button>
          </div>
        }
      >
        <p>
          <Trans>
            Open demo positions are closed at current prices and pending demo orders cancelled first; your records show each. Then your demo
            balance goes back to {amount}. Your live book is not touched.
          </Trans>
        </p>
        {reset.error && <ErrorState error={reset.error} compact />}
      </Sheet>
    </>
  )
}
