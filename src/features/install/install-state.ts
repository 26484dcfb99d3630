// What the install offer needs to know, gathered from the first moment: Chromium fires beforeinstallprompt once per
// page load, often before any screen renders, so captureInstallPrompt() runs in src/main.tsx. Kept small and
// static; the offer's UI (components/install-offer.tsx) loads only when there is something to offer.
import { useSyncExternalStore } from 'react'
import { NOT_NOW_MS, installOffer, isIosSafari, type InstallKind } from './install-rules.ts'
import { useSession } from '../../lib/session.ts'

/** Chromium's event (not in the DOM typings): prompt() shows the browser's install dialog, once. */
export type InstallPromptEvent = Event & { prompt: () => Promise<unknown>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> }

const STORE_KEY = 'keelson.install'
const SESSION_KEY = 'keelson.install.counted'

type Stored = { visits: number; notNowUntil: number }
/** `now` is when the state last changed: render stays pure, and "Not now" takes effect at once. */
type State = { prompt: InstallPromptEvent | null; installed: boolean; stored: Stored; now: number }

function readStored(): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Partial<Stored> | null
    return { visits: Number(raw?.visits) || 0, notNowUntil: Number(raw?.notNowUntil) || 0 }
  } catch {
    return { visits: 0, notNowUntil: 0 }
  }
}

let state: State = { prompt: null, installed: false, stored: { visits: 0, notNowUntil: 0 }, now: 0 }
const listeners = new Set<() => void>()

function set(patch: Partial<State>) {
  state = { ...state, ...patch, now: Date.now() }
  try {
    if (patch.stored) localStorage.setItem(STORE_KEY, JSON.stringify(patch.stored))
  } catch {
    // Not remembered past this page; the choice still holds until it is closed.
  }
  listeners.forEach((l) => l())
}

function isStandalone(): boolean {
  return matchMedia('(display-mode: standalone), (display-mode: fullscreen)').matches || (navigator as { standalone?: boolean }).standalone === true
}

/** Counts this browser session as a visit (once) and keeps the browser's install prompt for later. */
export function captureInstallPrompt() {
  let stored = readStored()
  try {
    if (!sessionStorage.getItem(SESSION_KEY)) {
      sessionStorage.setItem(SESSION_KEY, '1')
      stored = { ...stored, visits: stored.visits + 1 }
      localStorage.setItem(STORE_KEY, JSON.stringify(stored))
    }
  } catch {
    // Storage refused (some private modes): every visit looks like a first one, so the app never asks.
  }
  state = { ...state, stored, now: Date.now() }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps Chromium's own mini-infobar away: the app asks at its own moment.
    event.preventDefault()
    set({ prompt: event as InstallPromptEvent })
  })
  window.addEventListener('appinstalled', () => set({ prompt: null, installed: true }))
}

/** "Not now", or the browser's dialog dismissed: ask again after NOT_NOW_MS. */
export function postponeInstall() {
  set({ stored: { ...state.stored, notNowUntil: Date.now() + NOT_NOW_MS } })
}

/** Shows the browser's install dialog; the event is spent either way. */
export async function promptInstall() {
  const event = state.prompt
  if (!event) return
  set({ prompt: null })
  await event.prompt()
  const { outcome } = await event.userChoice
  if (outcome === 'accepted') set({ installed: true })
  else postponeInstall()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}

/** The offer to show now, or null. */
export function useInstallOffer(): InstallKind | null {
  const isLoggedIn = useSession((s) => s.isLoggedIn)
  const s = useSyncExternalStore(subscribe, () => state)
  if (s.installed) return null
  return installOffer({
    isStandalone: isStandalone(),
    hasPrompt: s.prompt !== null,
    isIosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints),
    isLoggedIn,
    visits: s.stored.visits,
    notNowUntil: s.stored.notNowUntil,
    now: s.now,
  })
}
