// When the app offers to be installed (docs/design-system.md, "Installing the app"): never on the first screen of a first visit, never when it already
// runs installed, and not again for a while after "Not now". Pure, so the rules are tested without a browser.

/** How long "Not now" (or a dismissed browser prompt) keeps the offer away. */
export const NOT_NOW_MS = 30 * 24 * 60 * 60 * 1000

export type InstallKind = 'prompt' | 'ios'

export type InstallFacts = {
  /** Running as the installed app (display-mode standalone, or iOS's navigator.standalone). */
  isStandalone: boolean
  /** The browser handed over a beforeinstallprompt event (Android, desktop Chromium). */
  hasPrompt: boolean
  /** Safari on iPhone or iPad: no prompt exists, the user adds the app through the Share menu. */
  isIosSafari: boolean
  isLoggedIn: boolean
  /** Browser sessions that opened the app, this one included. */
  visits: number
  notNowUntil: number
  now: number
}

/** The offer to show, or null. A signed-in user or a returning visitor has shown enough interest to be asked. */
export function installOffer(f: InstallFacts): InstallKind | null {
  if (f.isStandalone) return null
  if (f.now < f.notNowUntil) return null
  if (!f.isLoggedIn && f.visits < 2) return null
  if (f.hasPrompt) return 'prompt'
  return f.isIosSafari ? 'ios' : null
}

/** Safari on iOS / iPadOS (iPadOS says "Macintosh" but has touch); other iOS browsers name themselves. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /iP(hone|od|ad)/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return apple && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|Instagram/.test(userAgent)
}
