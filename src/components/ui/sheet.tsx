import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { IconClose } from './icons.tsx'

type Props = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** false: a non-modal dialog in the page's flow (the desktop ticket docked beside the chart); the page stays usable. */
  modal?: boolean
}

/**
 * A bottom sheet on mobile and a centred dialog on desktop (CSS decides), on the native <dialog>: focus trap,
 * Escape and the inert page behind come from the browser. A tap on the backdrop closes it. Non-modal (`modal={false}`)
 * it opens with show() where it stands in the page, without backdrop or trap.
 */
export function Sheet({ open, onClose, title, children, footer, modal = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const { t } = useLingui()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (modal) dialog.showModal()
      else dialog.show()
    }
    if (!open && dialog.open) dialog.close()
  }, [open, modal])
  return (
    <dialog
      ref={ref}
      className={modal ? 'sheet' : 'sheet docked'}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // React passes a nested dialog's cancel up its tree (a sheet opened from a sheet or over the intro board):
        // Escape closes only the topmost, the one the browser sent it to.
        if (e.target !== e.currentTarget) return
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
        if (modal && e.target === e.currentTarget) onClose()
      }}
    >
      {open && (
        <div className="sheet-panel">
          <div className="sheet-head">
            <h2 id={titleId} className="sheet-title">
              {title}
            </h2>
            <button type="button" className="icon-btn" aria-label={t`Close`} onClick={onClose}>
              <IconClose size={22} />
            </button>
          </div>
          <div className="sheet-body">{children}</div>
          {footer && <div className="sheet-foot">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}
