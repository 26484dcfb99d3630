// One published document: its version, when it was last updated, whether it is shown in a fallback language, and
// whether it is the sample a fresh install ships. The licence shows only what the operator entered (a published
// licence document, else the licence setting) and says plainly when nothing is.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { Document } from '#contract/content.ts'
import { LANGUAGES } from '#contract/locales.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconFile, IconShield } from '../../../components/ui/icons.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { configQueries } from '../../../lib/config-queries.ts'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { helpQueries } from '../api.ts'

export function DocumentView({ type }: { type: string }) {
  const language = useSession((s) => s.language)
  const query = useQuery(helpQueries.document(language, type))
  const { data } = query
  if (!data && (query.isPending || query.error)) return <NotLoadedCard query={query} />
  if (data) return <PublishedDocument doc={data} />
  if (type === 'licence') return <LicenceSetting />
  return (
    <Card>
      <div data-testid="document-unpublished">
        <EmptyState icon={<IconFile size={32} />} title={<Trans>The operator has not published this document yet.</Trans>} />
      </div>
    </Card>
  )
}

/** A query with nothing to show yet: a skeleton while it loads, else its error with Retry. */
function NotLoadedCard({ query }: { query: Pick<UseQueryResult, 'error' | 'isPending' | 'refetch'> }) {
  return (
    <Card>
      {query.isPending ? <Skeleton height="16px" /> : <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
    </Card>
  )
}

/** A document's facts above its text, then the text. */
export function PublishedDocument({ doc }: { doc: Document }) {
  const format = useFormat()
  const shownIn = LANGUAGES.find((l) => l.code === doc.locale)?.name ?? doc.locale
  const updated = format.dateTime(doc.updatedAt, 'date')
  const version = doc.version
  return (
    <Card>
      <div className="doc-meta" data-testid="document-meta">
        {doc.sample && (
          <Badge tone="warn" testId="sample-badge">
            <Trans>Sample, replace before launch</Trans>
          </Badge>
        )}
        <span>
          {doc.sample ? <Trans>Last updated {updated}</Trans> : <Trans>Version {version}, last updated {updated}</Trans>}
        </span>
      </div>
      {doc.fallback && (
        <p className="muted doc-fallback" data-testid="document-fallback">
          <Trans>Not yet published in your language; shown in {shownIn}.</Trans>
        </p>
      )}
      <h2 className="doc-title">{doc.title}</h2>
      <div className="article-body prose" data-testid="document-body" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </Card>
  )
}

function LicenceSetting() {
  const query = useQuery(configQueries.value('licence'))
  const { data } = query
  if (!data && (query.isPending || query.error)) return <NotLoadedCard query={query} />
  return (
    <Card>
      {data?.value ? (
        <p className="pre-line article-body">{data.value}</p>
      ) : (
        <div data-testid="licence-empty">
          <EmptyState icon={<IconShield size={32} />} title={<Trans>The operator has not configured any licence or supervision information.</Trans>} />
        </div>
      )}
    </Card>
  )
}
