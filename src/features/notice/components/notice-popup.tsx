// The site-wide notice: noticeTitle and noticeContent (operator HTML, sanitised). Shown once per notice per session.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { sanitizeNotice } from '../../../lib/sanitize.ts'
import { configQueries } from '../../../lib/config-queries.ts'

const SEEN_KEY = 'keelson.notice.seen'

export function NoticePopup() {
  const { data: notice } = useQuery(configQueries.notice())
  const [seen, setSeen] = useState(() => sessionStorage.getItem(SEEN_KEY))
  if (!notice || seen === notice.id) return null
  const close = () => {
    sessionStorage.setItem(SEEN_KEY, notice.id)
    setSeen(notice.id)
  }
  return (
    <Dialog onClose={close} labelledBy="notice-title">
      <h2 id="notice-title">{notice.noticeTitle}</h2>
      <div className="notice-body" dangerouslySetInnerHTML={{ __html: sanitizeNotice(notice.noticeContent) }} />
      <div className="button-row">
        <button type="button" className="btn primary" onClick={close}>
          <Trans>Got it</Trans>
        </button>
      </div>
    </Dialog>
  )
}
