// /cruuency's way to move money: every currency and network operators opened for deposits or withdrawals, read from
// the same configuration the Deposit and Withdraw screens use (/getCurrencyContainsNetList), with a way to each. Nothing
// is claimed in copy: a closed network is not listed, and with none open the card says so.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { depositQueries } from '../api.ts'
import '../deposit.css'

export function FundingNetworks() {
  const { t } = useLingui()
  const networks = useQuery(depositQueries.networks())
  let body
  if (networks.isPending) body = <SkeletonRows rows={2} />
  else if (!networks.data) body = <ErrorState error={networks.error} compact onRetry={() => void networks.refetch()} />
  else {
    const open = networks.data.flatMap((c) => c.networks).filter((n) => n.deposit.open || n.withdraw.enabled)
    body =
      open.length === 0 ? (
        <p className="caption funding-note">
          <Trans>No currency is open for deposits or withdrawals yet.</Trans>
        </p>
      ) : (
        <List label={t`Deposit and withdraw`}>
          {open.map((n) => (
            <ListRow
              key={`${n.currency}-${n.network}`}
              testId="funding-network"
              label={n.currency}
              detail={n.networkName}
              trailing={
                n.deposit.open && n.withdraw.enabled ? (
                  <Trans>Deposit and withdraw</Trans>
                ) : n.deposit.open ? (
                  <Trans>Deposit only</Trans>
                ) : (
                  <Trans>Withdraw only</Trans>
                )
              }
            />
          ))}
        </List>
      )
  }
  return (
    <Card title={<Trans>Deposit and withdraw</Trans>} titleId="funding-title" flush>
      <p className="caption funding-note">
        <Trans>Deposits arrive in your live book; withdrawals leave from it.</Trans>
      </p>
      {body}
      <div className="funding-actions">
        <Link to="/profile/{-$type}" params={{ type: 'deposit' }} className={buttonClass('primary')} data-testid="funding-deposit">
          <Trans context="funding action">Deposit</Trans>
        </Link>
        <Link to="/profile/{-$type}" params={{ type: 'withdraw' }} className={buttonClass('secondary')} data-testid="funding-withdraw">
          <Trans context="funding action">Withdraw</Trans>
        </Link>
      </div>
    </Card>
  )
}
