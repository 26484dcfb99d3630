import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import { SUPPORT_AGENTS } from '#contract/ops-support.ts'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'support',
  title: msg`Support chat`,
  roles: SUPPORT_AGENTS,
  order: 15,
  component: lazy(() => import('./support/support-page.tsx')),
}
