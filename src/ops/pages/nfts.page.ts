import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import { AUCTION_OPERATORS } from '#contract/ops-nfts.ts'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'nfts',
  title: msg`NFT auctions`,
  roles: AUCTION_OPERATORS,
  order: 67,
  component: lazy(() => import('./nfts/nfts-page.tsx')),
}
