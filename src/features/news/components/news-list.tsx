// /news: published articles newest first, a page at a time, each leading to its page (/detail?id=). Signed in or
// not; offline it shows what the service worker kept, with its time.
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile } from '../../../components/ui/icons.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { newsQueries } from '../api.ts'
import '../news.css'

export function NewsList() {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const lang = useSession((s) => s.language)
  const format = useFormat()
  const list = useInfiniteQuery(newsQueries.list(lang))
  const articles = list.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <div className="news">
      <PageHeader title={t`News`} back="/" />
      {list.isPending ? (
        <Card><SkeletonRows rows={4} /></Card>
      ) : !list.data ? (
        <Card><ErrorState error={list.error} onRetry={() => void list.refetch()} /></Card>
      ) : articles.length === 0 ? (
        <Card>
          <EmptyState icon={<IconFile size={32} />} title={<Trans>No articles have been published yet.</Trans>} />
        </Card>
      ) : (
        <>
          {(!isOnline || list.error) && <StaleNote time={list.dataUpdatedAt} />}
          <ul className="news-list" aria-label={t`Articles`}>
            {articles.map((a) => (
              <li key={a.id}>
                <Link to="/detail" search={{ id: a.id }} className={a.cover ? 'news-item with-cover' : 'news-item'} data-testid="news-item">
                  {a.cover && (
                    <img
                      className="news-item-cover"
                      src={a.cover.src}
                      alt={a.cover.alt}
                      width={a.cover.width}
                      height={a.cover.height}
                      loading="lazy"
                      decoding="async"
                      data-testid="news-item-cover"
                    />
                  )}
                  <span className="news-item-title">{a.title}</span>
                  <time className="caption" dateTime={new Date(a.publishedAt).toISOString()}>{format.dateTime(a.publishedAt, 'date')}</time>
                  {a.summary && <span className="news-item-summary">{a.summary}</span>}
                  {a.sample && <Badge tone="warn"><Trans>Sample, replace before launch</Trans></Badge>}
                </Link>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" block loading={list.isFetchingNextPage} disabled={!isOnline} onClick={() => void list.fetchNextPage()}>
              <Trans>Load more</Trans>
            </Button>
          ) : (
            <p className="caption end-of-list"><Trans>No more data</Trans></p>
          )}
        </>
      )}
    </div>
  )
}
