import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import { USER_READERS } from '#contract/ops.ts'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'users',
  title: msg`Users`,
  roles: USER_READERS,
  order: 10,
  component: lazy(() => import('./users/users-page.tsx')),
}
