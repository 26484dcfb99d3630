// The site-wide notice: noticeTitle and noticeContent (operator HTML, sanitised). Shown once per notice per session.
// Only the question "is there a notice?" runs on every visit; the dialog and its sanitiser (DOMPurify, 12 KB gzip)
// load once there is one to show.
import { Suspense, lazy, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { configQueries } from '../../../lib/config-queries.ts'

const SEEN_KEY = 'keelson.notice.seen'

const NoticeDialog = lazy(() => import('./notice-dialog.tsx').then((m) => ({ default: m.NoticeDialog })))

/** `isHeld` while another modal (the intro board) is up: the notice shows after it, never on top of it. */
export function NoticePopup({ isHeld = false }: { isHeld?: boolean }) {
  const { data: notice } = useQuery(configQueries.notice())
  const [seen, setSeen] = useState(() => sessionStorage.getItem(SEEN_KEY))
  if (!notice || seen === notice.id || isHeld) return null
  const close = () => {
    sessionStorage.setItem(SEEN_KEY, notice.id)
    setSeen(notice.id)
  }
  return (
    <Suspense fallback={null}>
      <NoticeDialog notice={notice} onClose={close} />
    </Suspense>
  )
}
