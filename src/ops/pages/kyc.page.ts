import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import { KYC_REVIEWERS } from '#contract/ops-kyc.ts'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'kyc',
  title: msg`Identity reviews`,
  roles: KYC_REVIEWERS,
  order: 50,
  component: lazy(() => import('./kyc/kyc-page.tsx')),
}
