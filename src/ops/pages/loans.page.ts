import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'loans',
  title: msg`Loans`,
  roles: ['finance'],
  order: 45,
  component: lazy(() => import('./loans/loans-page.tsx')),
}
