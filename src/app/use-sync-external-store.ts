// React 18+ has useSyncExternalStore built in; libraries that still import the use-sync-external-store shim for
// React 17 (Lingui, TanStack Store) get React's own through an alias in vite.config.ts, saving the shim's bytes on
// every first visit.
export { useSyncExternalStore } from 'react'
