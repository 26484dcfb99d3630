import { useLayoutEffect, useRef, type ReactNode } from 'react'

type Props = { onClose: () => void; labelledBy: string; children: ReactNode }

/** A modal dialog on the native <dialog> element: focus trap, Escape and the backdrop come with it. */
export function Dialog({ onClose, labelledBy, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  // Before the browser paints: the first frame already shows the dialog in the top layer, and the page's style and
  // layout are worked out once with it, not once without it and again (a long task of the first visit's intro board).
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // A nested sheet's cancel reaches here through React's tree: Escape closes only the topmost (see sheet.tsx).
        if (e.target === e.currentTarget) onClose()
      }}
    >
      {children}
    </dialog>
  )
}
