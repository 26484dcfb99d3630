// The top bar of the screens outside the app's layout (/empty, /sign, /pass/*, /changepwd): a 44 px way back, the
// logo, and the language switch, which a visitor needs before signing in.
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { IconBack } from '../../../components/ui/icons.tsx'
import { LanguageButton } from '../../../components/language-select.tsx'

/** `back`: where the arrow leads when there is no history inside the app (a direct visit). */
export function StandaloneBar({ back = '/' }: { back?: string }) {
  const { t } = useLingui()
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  const handleBack = () => {
    if (canGoBack) router.history.back()
    else void navigate({ to: back as '/', replace: true })
  }
  return (
    <header className="page-header standalone-bar">
      <button type="button" className="icon-btn page-back" aria-label={t`Back`} onClick={handleBack}>
        <IconBack size={24} />
      </button>
      <div className="page-title">
        <img src="/icons/logo.svg" alt="" width="32" height="32" />
      </div>
      <div className="page-actions">
        <LanguageButton />
      </div>
    </header>
  )
}
