import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'liabilities',
  title: msg`Proof of liabilities`,
  roles: ['finance'],
  order: 85,
  component: lazy(() => import('./liabilities/liabilities-page.tsx')),
}
