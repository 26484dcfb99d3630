import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { IconClose } from './icons.tsx'

type Props = { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode; footer?: ReactNode }

/**
 * A bottom sheet on mobile and a centred dialog on desktop (CSS decides), on the native <dialog>: focus trap,
 * Escape and the inert page behind come from the browser. A tap on the backdrop closes it.
 */
export function Sheet({ open, onClose, title, children, footer }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const { t } = useLingui()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
        if (e.target === e.currentTarget) onClose()
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
