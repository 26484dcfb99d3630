import { createFileRoute, redirect } from '@tanstack/react-router'
import { legacyTarget } from '../../app/legacy-paths.ts'
import { NotFound } from '../../app/layout/not-found.tsx'

// Every address no other route claims lands here, inside the app layout: an old path name of the product
// (/markets, /balance ...) goes to its screen, replacing the history entry; anything else is the not-found screen.
export const Route = createFileRoute('/_app/$')({
  beforeLoad: ({ location }) => {
    const target = legacyTarget(location.pathname)
    if (target) throw redirect({ href: target + (location.searchStr ?? ''), replace: true })
  },
  component: NotFound,
})
