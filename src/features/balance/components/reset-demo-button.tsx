import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useResetDemo } from '../api.ts'

/** Resets the demo book to its starting funds, after the user confirms. */
export function ResetDemoButton() {
  const [isAsking, setIsAsking] = useState(false)
  const reset = useResetDemo()
  const handleConfirm = () => {
    reset.mutate(crypto.randomUUID(), { onSettled: () => setIsAsking(false) })
  }
  return (
    <>
      <button type="button" className="btn secondary small" onClick={() => setIsAsking(true)}>
        <Trans>Reset demo funds</Trans>
      </button>
      {reset.error && (
        <p role="alert" className="field-problem">
          {reset.error.message}
        </p>
      )}
      {isAsking && (
        <Dialog onClose={() => setIsAsking(false)} labelledBy="reset-demo-title">
          <h3 id="reset-demo-title">
            <Trans>Reset demo funds?</Trans>
          </h3>
          <p>
            <Trans>Your demo balance goes back to 10,000 USDT. Your live book is not touched.</Trans>
          </p>
          <div className="button-row">
            <button type="button" className="btn secondary" onClick={() => setIsAsking(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="btn primary" disabled={reset.isPending} onClick={handleConfirm}>
              <Trans>Reset</Trans>
            </button>
          </div>
        </Dialog>
      )}
    </>
  )
}
