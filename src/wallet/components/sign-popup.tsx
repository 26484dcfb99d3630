import { useSnapshot } from 'valtio'
import { ui } from '../../state/ui.ts'
import { Dialog } from '../../components/ui/dialog.tsx'
import { SignPanel } from './sign-panel.tsx'

/** Desktop (and fresh-platform) sign-in: a popup over the app instead of the /sign page. */
export function SignPopup() {
  const { isSignPopupOpen } = useSnapshot(ui)
  if (!isSignPopupOpen) return null
  const close = () => void (ui.isSignPopupOpen = false)
  // Cancel: nothing asks again by itself; the user signs in when they choose to.
  const cancel = () => {
    ui.isSignWanted = false
    close()
  }
  return (
    <Dialog onClose={cancel} labelledBy="sign-title">
      <SignPanel onCancel={cancel} onSigned={close} />
    </Dialog>
  )
}
