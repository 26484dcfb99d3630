import { useSnapshot } from 'valtio'
import { Trans } from '@lingui/react/macro'
import { applyUpdate, swState } from './service-worker.ts'

/** A new version of the app is installed and waiting: reload into it when the user agrees. */
export function UpdatePrompt() {
  const { needRefresh } = useSnapshot(swState)
  if (!needRefresh) return null
  return (
    <div className="banner update" role="status">
      <Trans>A new version of Keelson is ready.</Trans>
      <button type="button" className="btn small primary" onClick={applyUpdate}>
        <Trans>Update</Trans>
      </button>
      <button type="button" className="btn small secondary" onClick={() => void (swState.needRefresh = false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  )
}
