import { lazy } from 'react'
import { msg } from '@lingui/core/macro'
import { NEWS_WRITERS } from '#contract/ops-news.ts'
import type { OpsPage } from '../registry.ts'

export const page: OpsPage = {
  path: 'news',
  title: msg`News`,
  roles: NEWS_WRITERS,
  order: 65,
  component: lazy(() => import('./news/news-page.tsx')),
}
