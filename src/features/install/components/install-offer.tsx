// The offer itself, loaded only when there is one (components/lazy-install-offer.tsx): a card above the tab bar,
// not a modal, so it never stacks on the intro board or a sign-in sheet. Chromium: Install opens the browser's
// dialog. iOS Safari has no such dialog: the card opens a sheet that shows the two taps.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Sheet } from '../../../components/ui/sheet.tsx'
import { IconDownload, IconPlusSquare, IconShare } from '../../../components/ui/icons.tsx'
import { usePlatformName } from '../../../lib/use-platform-name.ts'
import type { InstallKind } from '../install-rules.ts'
import { postponeInstall, promptInstall } from '../install-state.ts'
import '../install.css'

export function InstallOffer({ kind }: { kind: InstallKind }) {
  const platformName = usePlatformName()
  const [isHowToOpen, setHowToOpen] = useState(false)
  return (
    <section className="install-offer" aria-labelledby="install-title" data-testid="install-offer">
      <img className="install-icon" src="/icons/icon-192.png" alt="" width={44} height={44} />
      <div className="install-text">
        <h2 id="install-title" className="install-title">
          <Trans>Install {platformName}</Trans>
        </h2>
        <p className="muted">
          <Trans>Open it from your home screen, full screen, with prices that load at once.</Trans>
        </p>
      </div>
      <div className="install-actions">
        <Button variant="ghost" onClick={postponeInstall}>
          <Trans context="install">Not now</Trans>
        </Button>
        {kind === 'prompt' ? (
          <Button onClick={() => void promptInstall()}>
            <IconDownload />
            <Trans context="install">Install</Trans>
          </Button>
        ) : (
          <Button onClick={() => setHowToOpen(true)}>
            <Trans context="install">How to install</Trans>
          </Button>
        )}
      </div>
      {kind === 'ios' && (
        <Sheet
          open={isHowToOpen}
          onClose={() => setHowToOpen(false)}
          title={<Trans>Add {platformName} to your home screen</Trans>}
          footer={
            <Button block size="lg" onClick={() => setHowToOpen(false)}>
              <Trans>Got it</Trans>
            </Button>
          }
        >
          <ol className="install-steps">
            <li>
              <IconShare size={24} />
              <span>
                <Trans>
                  Tap <strong>Share</strong> in Safari's toolbar.
                </Trans>
              </span>
            </li>
            <li>
              <IconPlusSquare size={24} />
              <span>
                <Trans>
                  Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
                </Trans>
              </span>
            </li>
          </ol>
        </Sheet>
      )}
    </section>
  )
}
