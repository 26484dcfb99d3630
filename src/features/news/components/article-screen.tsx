// /detail?id=: one article, its title, date, cover and body. The body is HTML the server sanitised when the operator
// saved it (server/content/markdown.ts: an allowlist, no scripts, forms or styles), so it is shown as it came.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { newsQueries } from '../api.ts'
import '../news.css'

export function ArticleScreen({ id }: { id: string }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const lang = useSession((s) => s.language)
  const format = useFormat()
  const article = useQuery(newsQueries.article(id, lang))
  const data = article.data
  return (
    <article className="news-article" lang={data ? data.lang.replace('_', '-') : undefined}>
      <PageHeader title={data?.title ?? t`News`} back="/news" />
      {article.isPending ? (
        <Card><SkeletonRows rows={5} /></Card>
      ) : !data ? (
        <Card><ErrorState error={article.error} onRetry={() => void article.refetch()} /></Card>
      ) : (
        <Card>
          {(!isOnline || article.error) && <StaleNote time={article.dataUpdatedAt} />}
          <p className="news-meta">
            <time className="caption" dateTime={new Date(data.publishedAt).toISOString()}>{format.dateTime(data.publishedAt, 'date')}</time>
            {data.sample && <Badge tone="warn"><Trans>Sample, replace before launch</Trans></Badge>}
          </p>
          {data.cover && (
            <img className="news-cover" src={data.cover.src} alt={data.cover.alt} width={data.cover.width} height={data.cover.height} data-testid="article-cover" />
          )}
          {data.summary && <p className="article-lead">{data.summary}</p>}
          <div className="news-body" data-testid="article-body" dangerouslySetInnerHTML={{ __html: data.html }} />
        </Card>
      )}
    </article>
  )
}
