import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { CompanyPage } from '../../features/help/components/company-page.tsx'
import { PageInfo } from '../../features/pages/components/page-info.tsx'
import { PAGES } from '../../features/pages/pages.ts'
import { PartnerList } from '../../features/partners/components/partner-list.tsx'

export const Route = createFileRoute('/_app/aboutUs')({ component: AboutRoute })

function AboutRoute() {
  const { i18n } = useLingui()
  const partners = <PartnerList showEmpty />
  return (
    <CompanyPage type="about" title={i18n._(PAGES.about.title)} fallback={<PageInfo page={PAGES.about} back="/profile">{partners}</PageInfo>}>
      {partners}
    </CompanyPage>
  )
}
