// Bootstrap only: language, providers, router, service worker.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from './app/providers.tsx'
import { activateLanguage } from './lib/i18n.ts'
import { getSession } from './lib/session.ts'
import { resumeSession } from './lib/session-lifecycle.ts'
import { registerServiceWorker } from './app/service-worker.ts'
import { finishSignInLink } from './app/sign-in-link.ts'
import { captureInstallPrompt } from './features/install/install-state.ts'
import './styles.css'

// Before anything is awaited: Chromium's beforeinstallprompt can come while the catalog is still loading.
captureInstallPrompt()

await activateLanguage(getSession().language)
await finishSignInLink()
// A session stored before user ids were kept learns its id; its private screens wait for it.
void resumeSession()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
)
registerServiceWorker()
