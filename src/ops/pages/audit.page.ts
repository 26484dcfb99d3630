import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'audit',
  title: msg`Audit log`,
  roles: ['admin'],
  order: 90,
  component: lazy(() => import('./audit/audit-page.tsx')),
}
