import { useEffect } from 'react'

/**
 * While the ticket is open on a phone, the on-screen keyboard shrinks the visual viewport but not the layout
 * viewport, so a bottom sheet would sit behind the keyboard. This keeps two CSS properties current from
 * visualViewport: --keyboard-inset (how much of the bottom the keyboard covers) and --visible-height; trade.css lifts
 * the sheet by the first and caps it at the second, so the submit button in its footer stays in reach.
 */
export function useKeyboardInset(active: boolean) {
  useEffect(() => {
    const vv = window.visualViewport
    if (!active || !vv) return
    const root = document.documentElement.style
    const update = () => {
      const inset = Math.max(0, window.innerHeight - vv.height - vv.offsetTop)
      root.setProperty('--keyboard-inset', `${Math.round(inset)}px`)
      root.setProperty('--visible-height', `${Math.round(vv.height)}px`)
    }
    update()
    vv.addEventListener('resize', update)
    vv.addEventListener('scroll', update)
    return () => {
      vv.removeEventListener('resize', update)
      vv.removeEventListener('scroll', update)
      root.removeProperty('--keyboard-inset')
      root.removeProperty('--visible-height')
    }
  }, [active])
}
