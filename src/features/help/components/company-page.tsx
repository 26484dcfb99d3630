// /aboutUs and /Introduction: the operator's published page ('about', 'introduction') when there is one, else the
// built-in text the route passes as `fallback`; `children` (the partners on /aboutUs) follow either.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { useSession } from '../../../lib/session.ts'
import { helpQueries } from '../api.ts'
import { PublishedDocument } from './document-view.tsx'
import '../help.css'

export function CompanyPage({ type, title, fallback, children }: { type: 'about' | 'introduction'; title: string; fallback: ReactNode; children?: ReactNode }) {
  const language = useSession((s) => s.language)
  const { data } = useQuery(helpQueries.document(language, type))
  if (!data) return fallback
  return (
    <article className="article">
      <PageHeader title={title} back="/profile" />
      <PublishedDocument doc={data} />
      {children}
    </article>
  )
}
