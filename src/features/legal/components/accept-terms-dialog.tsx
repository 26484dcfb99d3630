// What the app shows when a live action was refused by the terms gate. Before terms and a risk warning are
// published: why live money is closed, and that the demo account stays open. After: the current versions to read
// (each opens in the help center) and one acceptance for them; then the user tries the action again.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import type { LegalReason } from '../../../lib/legal-events.ts'
import { userKeys } from '../../../lib/query-keys.ts'
import { useSession } from '../../../lib/session.ts'
import { acceptDocuments, legalQueries } from '../api.ts'
import '../legal.css'

export function AcceptTermsDialog({ reason, onClose }: { reason: LegalReason; onClose: () => void }) {
  if (reason === 'legalNotPublished') {
    return (
      <Dialog onClose={onClose} labelledBy="legal-title">
        <h2 id="legal-title">
          <Trans>Live money is not open yet</Trans>
        </h2>
        <p data-testid="legal-not-published">
          <Trans>
            The platform has not published its terms of service and risk warning yet, so live deposits and orders are
            closed. The demo account stays open: you can keep practising there.
          </Trans>
        </p>
        <div className="button-row">
          <Button onClick={onClose}>
            <Trans>Got it</Trans>
          </Button>
        </div>
      </Dialog>
    )
  }
  return <AcceptForm onClose={onClose} />
}

function AcceptForm({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const userId = useSession((s) => s.userId)
  const language = useSession((s) => s.language)
  const status = useQuery(legalQueries.status(userId, language))
  const [checked, setChecked] = useState(false)
  const pending = status.data?.documents.filter((d) => !d.accepted) ?? []
  const accept = useMutation({
    mutationFn: () => acceptDocuments({ documents: pending.map(({ type, version }) => ({ type, version })) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.legal(userId) })
      toast(t`Thank you. You can now use live money: please try again.`, 'success')
      onClose()
    },
    onError: (error) => {
      void status.refetch()
      setChecked(false)
      toast(error instanceof ApiError ? error.message : t`Your acceptance could not be saved. Try again.`, 'error')
    },
  })
  return (
    <Dialog onClose={onClose} labelledBy="legal-title">
      <h2 id="legal-title">
        <Trans>Read and accept</Trans>
      </h2>
      <p>
        <Trans>Before your first live deposit or order, and after each new version, please read and accept:</Trans>
      </p>
      {status.isPending ? (
        <SkeletonRows rows={2} />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} compact />
      ) : (
        <>
          <ul className="legal-docs" data-testid="legal-docs">
            {pending.map((doc) => (
              <li key={doc.type}>
                <Link to="/help/{-$type}" params={{ type: doc.type }} onClick={onClose}>
                  {doc.title}
                </Link>{' '}
                <span className="muted">
                  <Trans>version {doc.version}</Trans>
                </span>
              </li>
            ))}
          </ul>
          <label className="legal-check">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} data-testid="legal-check" />
            <span>
              <Trans>I have read and accept these documents.</Trans>
            </span>
          </label>
        </>
      )}
      <div className="button-row">
        <Button variant="secondary" onClick={onClose}>
          <Trans>Not now</Trans>
        </Button>
        <Button onClick={() => accept.mutate()} disabled={!checked || pending.length === 0} loading={accept.isPending} data-testid="legal-accept">
          <Trans>Accept</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
