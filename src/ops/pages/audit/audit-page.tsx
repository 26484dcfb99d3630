// The audit log, newest first, for admins: who did what to what, with the state before and after. Read-only here as
// in the database.
import { useState, type FormEvent } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsApi } from '#contract/ops.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'
import { Pager } from '../../components/pager.tsx'

const SIZE = 20

export default function AuditPage() {
  const { t, i18n } = useLingui()
  const [page, setPage] = useState(1)
  const [draft, setDraft] = useState('')
  const [subject, setSubject] = useState('')
  const query = useQuery({
    queryKey: ['ops', 'audit', subject, page],
    queryFn: () => opsCall(opsApi.audit, { query: { page, size: SIZE, ...(subject ? { subject } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const filter = (event: FormEvent) => {
    event.preventDefault()
    setSubject(draft.trim())
    setPage(1)
  }
  return (
    <>
      <PageHeader title={<Trans>Audit log</Trans>} />
      <form className="ops-filter" onSubmit={filter}>
        <TextField label={t`Subject`} hint={t`For example user:<id> or config:licence`} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          <Trans>Filter</Trans>
        </Button>
      </form>
      {query.isPending ? (
        <SkeletonRows rows={8} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState title={<Trans>Nothing recorded yet</Trans>} />
      ) : (
        <Card flush>
          <ul className="list" aria-label={t`Audit log`}>
            {query.data.list.map((entry) => (
              <li key={entry.id} className="list-item ops-audit-row">
                <div className="ops-audit-head">
                  <strong className="mono">{entry.action}</strong>
                  <span>{entry.operatorName}</span>
                  <span className="muted">{formatDateTime(entry.createdAt, i18n.locale)}</span>
                  {entry.subject && <span className="mono muted">{entry.subject}</span>}
                </div>
                {(entry.before !== null || entry.after !== null) && (
                  <details>
                    <summary>
                      <Trans>Before and after</Trans>
                    </summary>
                    <pre className="ops-json">{JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}</pre>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {query.data && <Pager page={page} size={SIZE} total={query.data.total} onPage={setPage} />}
    </>
  )
}
