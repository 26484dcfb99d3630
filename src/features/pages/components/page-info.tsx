import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { PageText } from '../pages.ts'

/** A page's title and an honest statement of what it is for and whether it is open yet. */
export function PageInfo({ page, children }: { page: PageText; children?: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <article className="page-info">
      <h1>{i18n._(page.title)}</h1>
      <p>{i18n._(page.body)}</p>
      {children}
    </article>
  )
}
