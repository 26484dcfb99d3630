import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'notice',
  title: msg`Site notice`,
  roles: ['support'],
  order: 60,
  component: lazy(() => import('./notice/notice-page.tsx')),
}
