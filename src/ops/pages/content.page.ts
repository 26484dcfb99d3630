import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'content',
  title: msg`Documents and help`,
  roles: ['compliance', 'support'],
  order: 65,
  component: lazy(() => import('./content/content-page.tsx')),
}
