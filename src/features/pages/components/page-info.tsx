import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { usePlatformName } from '../../../lib/use-platform-name.ts'
import type { PageText } from '../pages.ts'
import '../pages.css'

/**
 * A page's header and an honest statement of what it is for and whether it is open yet. `back` names the parent
 * for sub-pages (the back arrow); tab screens have none.
 */
export function PageInfo({ page, back, children }: { page: PageText; back?: string; children?: ReactNode }) {
  const { i18n } = useLingui()
  const platform = usePlatformName()
  return (
    <article className="article">
      <PageHeader title={i18n._(page.title)} back={back} />
      <Card>
        <p className="article-lead">{i18n._({ ...page.body, values: { platform } })}</p>
        {children}
      </Card>
    </article>
  )
}
