import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'withdrawals',
  title: msg`Withdrawals`,
  roles: ['finance'],
  order: 40,
  component: lazy(() => import('./withdrawals/withdrawals-page.tsx')),
}
