// UI-only state (docs/architecture.md, "The app"): active route, help title, platform, mobile nav, language list, tooltips.
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
  /**
   * The user chose to sign in with the wallet (picked a wallet, tapped Sign in or Switch, or a 401 needs a new
   * signature): only then does the chain guard ask the wallet to sign. Cancel, Sign out and a revoked session clear it.
   */
  isSignWanted: false,
  /** Kept for callers that reset it before opening the sign popup; the guard reads isSignWanted. */
  isSignDeclined: false,
  /** Something needs the wallet layer (wagmi): once true, src/wallet/wallet-gate.tsx keeps it loaded. */
  isWalletWanted: false,
  /** Why a sign-in link did not sign the user in (the server's message), shown on the sign-in screen. */
  signInProblem: null as string | null,
})
