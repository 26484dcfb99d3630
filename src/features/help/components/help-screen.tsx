// /help/$type: the help center (a list of topics) and the company's documents. The licence page shows exactly
// what the operator configured and says so plainly when nothing is; other documents say when they are unpublished.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { IconFile, IconShield } from '../../../components/ui/icons.tsx'
import { configQueries } from '../../../lib/config-queries.ts'
import { HELP_DOCS } from '../documents.ts'
import '../help.css'

export function HelpScreen({ type }: { type: string }) {
  const { i18n } = useLingui()
  const known = type in HELP_DOCS
  const isCenter = type === 'center' || !known
  const title = HELP_DOCS[isCenter ? 'center' : type]!
  return (
    <article className="article">
      <PageHeader title={i18n._(title)} back={isCenter ? '/profile' : '/help/center'} />
      {type === 'licence' ? <Licence /> : isCenter ? <Topics /> : <Unpublished />}
    </article>
  )
}

function Licence() {
  const { data, error, isPending, refetch } = useQuery(configQueries.value('licence'))
  if (isPending)
    return (
      <Card>
        <Skeleton height="16px" />
      </Card>
    )
  if (error && !data)
    return (
      <Card>
        <ErrorState error={error} onRetry={() => void refetch()} />
      </Card>
    )
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

function Unpublished() {
  return (
    <Card>
      <EmptyState icon={<IconFile size={32} />} title={<Trans>The operator has not published this document yet.</Trans>} />
    </Card>
  )
}

function Topics() {
  const { i18n, t } = useLingui()
  return (
    <>
      <p className="muted">
        <Trans>Answers to common questions will appear here. Meanwhile these documents are available:</Trans>
      </p>
      <Card flush>
        <List label={t`Documents`}>
          {Object.entries(HELP_DOCS)
            .filter(([type]) => type !== 'center')
            .map(([type, label]) => (
              <ListRow key={type} icon={<IconFile />} label={i18n._(label)} to="/help/{-$type}" params={{ type }} />
            ))}
        </List>
      </Card>
    </>
  )
}
