// The lending reserve: what it holds (the ledger's sum), what active loans owe in total and by due date, and funding
// it from the house's lending capital (a journal; audited). The reference makes a retried click fund once.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsLoansApi } from '#contract/ops-loans.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { opsCall } from '../../api.ts'

export function ReserveCard() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const reserve = useQuery({ queryKey: ['ops', 'loans', 'reserve'], queryFn: () => opsCall(opsLoansApi.reserve), staleTime: 0 })
  const [amount, setAmount] = useState('')
  const [reference, setReference] = useState(() => crypto.randomUUID())
  const fund = useMutation({
    mutationFn: () => opsCall(opsLoansApi.fund, { body: { amount: amount.trim(), reference } }),
    onSuccess: (data) => {
      queryClient.setQueryData(['ops', 'loans', 'reserve'], data)
      toast(t`Lending reserve funded with ${amount} ${currency}`, 'success')
      setAmount('')
      setReference(crypto.randomUUID())
    },
  })
  const currency = reserve.data?.currency ?? ''
  return (
    <Card title={t`Lending reserve`} titleId="ops-reserve-title">
      {reserve.isError ? (
        <ErrorState error={reserve.error} onRetry={() => void reserve.refetch()} compact />
      ) : !reserve.data ? (
        <SkeletonRows rows={2} />
      ) : (
        <div className="ops-form" data-testid="ops-reserve">
          <dl className="ops-facts">
            <dt>
              <Trans>Holds</Trans>
            </dt>
            <dd className="num" data-testid="ops-reserve-balance">
              {reserve.data.balance} {reserve.data.currency}
            </dd>
            <dt>
              <Trans>Owed by active loans</Trans>
            </dt>
            <dd className="num" data-testid="ops-reserve-owed">
              {reserve.data.owed} {reserve.data.currency}
            </dd>
            {reserve.data.owedByDate.map(({ date, owed, loans }) => (
              <div key={date} className="ops-reserve-date">
                <dt>
                  <Trans>Due {date}</Trans>
                </dt>
                <dd className="num">
                  <Trans>
                    {owed} {currency} ({loans} loans)
                  </Trans>
                </dd>
              </div>
            ))}
          </dl>
          <form
            className="ops-form"
            onSubmit={(e) => {
              e.preventDefault()
              fund.mutate()
            }}
          >
            <TextField label={t`Fund the reserve (${currency})`} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" data-testid="ops-fund-amount" />
            <Button type="submit" loading={fund.isPending} disabled={amount.trim() === ''} data-testid="ops-fund">
              <Trans>Fund from the lending capital</Trans>
            </Button>
          </form>
          {fund.error && <ErrorState error={fund.error} compact />}
        </div>
      )}
    </Card>
  )
}
