import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'earn',
  title: msg`Smart plans and reserve`,
  roles: ['finance'],
  order: 45,
  component: lazy(() => import('./earn/earn-page.tsx')),
}
