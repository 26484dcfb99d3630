// UI-only state (DESIGN.md section 8): active route, help title, platform, mobile nav, language list, tooltips.
// Server data never lives here; React Query owns it.
import { proxy } from 'valtio'
import type { Language } from '#contract/config.ts'

export type Platform = 'default' | 'fresh'

export const ui = proxy({
  activeRoute: '/',
  helpTitle: '',
  /** A page-level setting: on "fresh" platforms the sign popup overlays the app and the intro board is skipped. */
  platform: (import.meta.env.VITE_PLATFORM === 'fresh' ? 'fresh' : 'default') as Platform,
  isMobileNavVisible: true,
  languages: [] as Language[],
  tooltips: {} as Record<string, string>,
  /** The desktop sign popup is open. */
  isSignPopupOpen: false,
  /** The user cancelled signing: do not ask again until they choose to sign in. */
  isSignDeclined: false,
  /** Why a sign-in link did not sign the user in (the server's message), shown on the sign-in screen. */
  signInProblem: null as string | null,
})
