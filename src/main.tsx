// Bootstrap only: language, providers, router, service worker.
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers, createApp } from './app/providers.tsx'
import { activateLanguage } from './lib/i18n.ts'
import { getSession } from './lib/session.ts'
import { resumeSession } from './lib/session-lifecycle.ts'
import { registerServiceWorker } from './app/service-worker.ts'
import { finishSignInLink } from './app/sign-in-link.ts'
import { captureInstallPrompt } from './features/install/install-state.ts'
import { afterFirstScreen } from './lib/after-first-screen.ts'
import './styles.css'

// Before anything is awaited: Chromium's beforeinstallprompt can come while the catalog is still loading.
captureInstallPrompt()

// Not a top-level await: a route's chunk imports modules of this entry chunk, and its import would wait for this
// module's evaluation, which would wait for the route (router.load below).
async function start() {
  await activateLanguage(getSession().language)
  await finishSignInLink()
  // A session stored before user ids were kept learns its id; its private screens wait for it.
  void resumeSession()
  const app = createApp()
  // The address matched and its route's code loaded before the first render (app/providers.tsx, createApp).
  await app.router.load()
  const root = createRoot(document.getElementById('root')!)
  // As a transition, React renders the first screen in slices of a few milliseconds and lets the browser in between
  // (a tap, a frame): one render of the whole tree was a single task of 0.7-2.7 s under Lighthouse's phone CPU.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers app={app} />
      </StrictMode>,
    ),
  )
}
void start()
// Installing the worker precaches every chunk and catalog (3.5 MB): after the first screen, not beside it.
afterFirstScreen(registerServiceWorker)
