// The ledger's reconciliation (what `node server/cli.ts reconcile` prints): over users' and the platform's accounts
// together every currency sums to zero, and every balance equals its entries; then what each book holds.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsConsoleApi, type LedgerTotal } from '#contract/ops.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconRetry } from '../../../components/ui/icons.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { formatDateTime, formatPrice } from '../../../lib/format.ts'
import { opsCall } from '../../api.ts'

export default function ReconciliationPage() {
  const { t, i18n } = useLingui()
  const found = useQuery({ queryKey: ['ops', 'reconciliation'], queryFn: () => opsCall(opsConsoleApi.reconciliation), staleTime: 0 })
  const check = (
    <Button variant="secondary" onClick={() => void found.refetch()} loading={found.isFetching}>
      <IconRetry size={18} />
      <Trans>Check again</Trans>
    </Button>
  )
  return (
    <>
      <PageHeader title={<Trans>Ledger reconciliation</Trans>} actions={check} />
      {found.isPending ? (
        <SkeletonRows rows={6} />
      ) : found.isError ? (
        <ErrorState error={found.error} onRetry={() => void found.refetch()} />
      ) : (
        <>
          <Card title={t`Verdict`} titleId="ops-rec-verdict">
            <p data-testid="ops-reconciliation-verdict">
              {found.data.ok ? (
                <Badge tone="up">
                  <Trans>Consistent</Trans>
                </Badge>
              ) : (
                <Badge tone="down">
                  <Trans>Not consistent</Trans>
                </Badge>
              )}
            </p>
            <p className="small">
              <Trans>
                {found.data.accounts} accounts; {found.data.mismatchedAccounts} whose balance differs from the sum of their entries.
              </Trans>
            </p>
            <p className="small muted">
              <Trans>Checked {formatDateTime(found.data.checkedAt, i18n.locale)}</Trans>
            </p>
            <div className="ops-table-wrap">
              <table className="ops-table">
                <caption className="small muted">
                  <Trans>Sum of all balances per currency: zero when money is conserved</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Currency</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Sum</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {found.data.currencies.map((c) => (
                    <tr key={c.currency}>
                      <th scope="row">{c.currency}</th>
                      <td>{formatPrice(c.sum, i18n.locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          <div className="ops-columns">
            <Totals title={t`Live book`} rows={found.data.totals.filter((r) => r.book === 'live')} />
            <Totals title={t`Demo book`} rows={found.data.totals.filter((r) => r.book === 'demo')} />
          </div>
        </>
      )}
    </>
  )
}

function Totals({ title, rows }: { title: string; rows: LedgerTotal[] }) {
  const { t, i18n } = useLingui()
  return (
    <Card title={title} titleId={`ops-rec-${title}`}>
      {rows.length === 0 ? (
        <p className="small muted">
          <Trans>No accounts in this book yet</Trans>
        </p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Accounts</Trans>
                </th>
                <th scope="col">
                  <Trans>Currency</Trans>
                </th>
                <th scope="col">
                  <Trans>Count</Trans>
                </th>
                <th scope="col">
                  <Trans>Total</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.owner}-${r.kind}-${r.currency}`}>
                  <th scope="row">
                    {r.owner === 'user' ? t`Users` : t`Platform`} · <span className="mono">{r.kind}</span>
                  </th>
                  <td>{r.currency}</td>
                  <td>{r.accounts}</td>
                  <td>{formatPrice(r.total, i18n.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
