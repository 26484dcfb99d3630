// The notice itself: operator HTML through the sanitiser's allowlist, in the kit's dialog.
import { Trans } from '@lingui/react/macro'
import type { Notice } from '#contract/config.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { sanitizeNotice } from '../../../lib/sanitize.ts'

export function NoticeDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <Dialog onClose={onClose} labelledBy="notice-title">
      <h2 id="notice-title">{notice.noticeTitle}</h2>
      <div className="notice-body" dangerouslySetInnerHTML={{ __html: sanitizeNotice(notice.noticeContent) }} />
      <div className="button-row">
        <Button onClick={onClose}>
          <Trans>Got it</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
