// The intro board: shown once per device (localStorage: a new tab or a launch of the installed app is not a new
// visitor), never to a signed-in user. It talks about the wallet, so Continue leads to connecting one (/empty);
// e-mail registration stays one tap away, Skip keeps browsing signed out, and the language switch is there before
// anything else. Skipped on the fresh platform and when the URL is a password-change link. The root route holds
// whether it is open, so the notice popup waits for it instead of stacking on it.
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { LanguageButton } from '../../../components/language-select.tsx'
import { ui } from '../../../state/ui.ts'
import { usePlatformName } from '../../../lib/use-platform-name.ts'
import { getSession } from '../../../lib/session.ts'

const SHOWN_KEY = 'keelson.intro.shown'

export function shouldShowIntro(platform: string, url: URL, shown: string | null, isSignedIn: boolean): boolean {
  if (shown || isSignedIn) return false
  if (platform === 'fresh') return false
  if (url.pathname.startsWith('/changepwd') && url.searchParams.has('access')) return false
  return true
}

/** Whether this page load starts with the intro board. */
export function isIntroDue(): boolean {
  return shouldShowIntro(ui.platform, new URL(window.location.href), localStorage.getItem(SHOWN_KEY), getSession().isLoggedIn)
}

export function IntroBoard({ onClose }: { onClose: () => void }) {
  const platformName = usePlatformName()
  const navigate = useNavigate()
  const close = () => {
    localStorage.setItem(SHOWN_KEY, '1')
    onClose()
  }
  const go = (to: '/empty' | '/pass/register') => {
    close()
    if (to === '/empty') void navigate({ to: '/empty' })
    else void navigate({ to: '/pass/$type', params: { type: 'register' } })
  }
  return (
    <Dialog onClose={close} labelledBy="intro-title">
      <div className="card-head">
        <h2 id="intro-title">
          <Trans>Welcome to {platformName}</Trans>
        </h2>
        <LanguageButton />
      </div>
      <ul className="intro-points">
        <li>
          <Trans>Trade forex, crypto, stocks, ETFs and futures from one account.</Trans>
        </li>
        <li>
          <Trans>Sign in with your Ethereum wallet. Signing is free and sends no transaction.</Trans>
        </li>
        <li>
          <Trans>Every rate, fee and penalty is shown before you commit.</Trans>
        </li>
      </ul>
      <div className="button-row">
        <Button size="lg" block onClick={() => go('/empty')}>
          <Trans>Continue</Trans>
        </Button>
        <Button variant="secondary" size="lg" block onClick={() => go('/pass/register')}>
          <Trans>Use e-mail instead</Trans>
        </Button>
        <Button variant="ghost" block onClick={close}>
          <Trans>Skip</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
