// The intro board: shown once per browser session on first visit, with Continue (to registration) and Skip.
// Skipped on the fresh platform and when the URL is a password-change link.
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ui } from '../../../state/ui.ts'

const SHOWN_KEY = 'keelson.intro.shown'

export function shouldShowIntro(platform: string, url: URL, shown: string | null): boolean {
  if (shown) return false
  if (platform === 'fresh') return false
  if (url.pathname.startsWith('/changepwd') && url.searchParams.has('access')) return false
  return true
}

export function IntroBoard() {
  const { platform } = useSnapshot(ui)
  const navigate = useNavigate()
  const [open, setOpen] = useState(() =>
    shouldShowIntro(platform, new URL(window.location.href), sessionStorage.getItem(SHOWN_KEY)),
  )
  if (!open) return null
  const close = () => {
    sessionStorage.setItem(SHOWN_KEY, '1')
    setOpen(false)
  }
  return (
    <Dialog onClose={close} labelledBy="intro-title">
      <h2 id="intro-title">
        <Trans>Welcome to Keelson</Trans>
      </h2>
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
        <button type="button" className="btn secondary" onClick={close}>
          <Trans>Skip</Trans>
        </button>
        <button
          type="button"
          className="btn primary"
          onClick={() => {
            close()
            void navigate({ to: '/pass/$type', params: { type: 'register' } })
          }}
        >
          <Trans>Continue</Trans>
        </button>
      </div>
    </Dialog>
  )
}
