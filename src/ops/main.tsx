// The operator console's entry (ops.html, served at /ops): its own bundle (vite.ops.config.ts), which the user app
// never loads (tests/e2e/ops.spec.ts checks the built user app for OPS_MARKER).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getSession } from '../lib/session.ts'
import { OpsApp } from './app.tsx'
import { activateOpsLanguage } from './i18n.ts'
import { OPS_MARKER } from './marker.ts'
import './ops.css'

document.documentElement.dataset.app = OPS_MARKER
await activateOpsLanguage(getSession().language)
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OpsApp />
  </StrictMode>,
)
