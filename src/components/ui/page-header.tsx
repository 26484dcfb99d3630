import type { ReactNode } from 'react'
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { IconBack } from './icons.tsx'

type Props = { title: ReactNode; back?: string; actions?: ReactNode }

/**
 * The page's h1. On mobile a sticky bar with a back arrow: history back when the user came from inside the app
 * (the router then restores the scroll position), else `back`, the parent screen. On desktop the arrow hides
 * (CSS) since the top navigation is there.
 */
export function PageHeader({ title, back, actions }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  const handleBack = () => {
    if (canGoBack) router.history.back()
    else void navigate({ to: back ?? '/', replace: true })
  }
  return (
    <header className="page-header">
      {back !== undefined && (
        <button type="button" className="icon-btn page-back" aria-label={t`Back`} onClick={handleBack}>
          <IconBack size={24} />
        </button>
      )}
      <h1 className="page-title">{title}</h1>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  )
}
