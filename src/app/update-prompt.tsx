import { useSnapshot } from 'valtio'
import { Trans } from '@lingui/react/macro'
import { applyUpdate, swState } from './service-worker.ts'
import { usePlatformName } from '../lib/use-platform-name.ts'

/** A new version of the app is installed and waiting: reload into it when the user agrees. */
export function UpdatePrompt() {
  const { needRefresh } = useSnapshot(swState)
  return needRefresh ? <UpdateBanner /> : null
}

/** Apart from UpdatePrompt, so the platform name's query is observed only while the banner shows. */
function UpdateBanner() {
  const platformName = usePlatformName()
  return (
    <div className="banner update" role="status">
      <Trans>A new version of {platformName} is ready.</Trans>
      <button type="button" className="btn primary" onClick={applyUpdate}>
        <Trans>Update</Trans>
      </button>
      <button type="button" className="btn ghost" onClick={() => void (swState.needRefresh = false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  )
}
