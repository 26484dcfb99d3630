import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'reconciliation',
  title: msg`Ledger reconciliation`,
  roles: ['finance'],
  order: 80,
  component: lazy(() => import('./reconciliation/reconciliation-page.tsx')),
}
