import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { CompanyPage } from '../../features/help/components/company-page.tsx'
import { PageInfo } from '../../features/pages/components/page-info.tsx'
import { PAGES } from '../../features/pages/pages.ts'

export const Route = createFileRoute('/_app/Introduction')({ component: IntroductionRoute })

function IntroductionRoute() {
  const { i18n } = useLingui()
  return <CompanyPage type="introduction" title={i18n._(PAGES.introduction.title)} fallback={<PageInfo page={PAGES.introduction} back="/profile" />} />
}
