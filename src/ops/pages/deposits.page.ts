import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'deposits',
  title: msg`Deposits`,
  roles: ['finance'],
  order: 30,
  component: lazy(() => import('./deposits/deposits-page.tsx')),
}
