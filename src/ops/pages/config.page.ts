import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'config',
  title: msg`Configuration`,
  roles: ['admin'],
  order: 70,
  component: lazy(() => import('./config/config-page.tsx')),
}
