import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountType } from '#contract/auth.ts'
import { opsEarnApi, type ReserveLine } from '#contract/ops-earn.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { EARN_KEY } from './earn-page.tsx'

export function ReserveCard({ lines }: { lines: ReserveLine[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [book, setBook] = useState<AccountType>('live')
  const [amount, setAmount] = useState('')
  // One key per funding meant: a double submit funds once; a new key after the server answered.
  const [key, setKey] = useState(() => crypto.randomUUID())
  const fund = useMutation({
    mutationFn: () => opsCall(opsEarnApi.fund, { body: { book, currency: 'USDT', amount, key } }),
    onSuccess: (next) => {
      queryClient.setQueryData([...EARN_KEY, 'reserve'], next)
      void queryClient.invalidateQueries({ queryKey: [...EARN_KEY, 'plans'] })
      setAmount('')
      setKey(crypto.randomUUID())
      toast(t`Reserve funded`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    fund.mutate()
  }
  return (
    <Card title={<Trans>Reserve</Trans>} titleId="ops-earn-reserve">
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-earn-reserve">
          <thead>
            <tr>
              <th><Trans>Account</Trans></th>
              <th><Trans>Free</Trans></th>
              <th><Trans>Earmarked</Trans></th>
              <th><Trans>Owed</Trans></th>
              <th><Trans>Coverage</Trans></th>
              <th><Trans>Principal held</Trans></th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.book}:${l.currency}`} data-testid={`ops-earn-reserve-${l.book}-${l.currency}`}>
                <td>{`${l.book === 'live' ? t`Live` : t`Demo`} ${l.currency}`}</td>
                <td>{l.free}</td>
                <td>{l.earmarked}</td>
                <td>{l.owed}</td>
                <td>{l.coverage === null ? '—' : `${l.coverage}×`}</td>
                <td>{l.principal}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.map((l) =>
        l.byDate.length === 0 ? null : (
          <div key={`${l.book}:${l.currency}:dates`} className="ops-table-wrap">
            <table className="ops-table">
              <caption>{`${l.book === 'live' ? t`Live` : t`Demo`} ${l.currency}: `}<Trans>due by date</Trans></caption>
              <thead>
                <tr>
                  <th><Trans>Date</Trans></th>
                  <th><Trans>Earnings</Trans></th>
                  <th><Trans>Principal</Trans></th>
                  <th><Trans>Staking rewards</Trans></th>
                  <th><Trans>Pledges ending</Trans></th>
                </tr>
              </thead>
              <tbody>
                {l.byDate.map((d) => (
                  <tr key={d.date} data-testid={`ops-earn-due-${l.book}-${l.currency}-${d.date}`}>
                    <td>{d.date}</td>
                    <td>{d.earnings}</td>
                    <td>{d.principal}</td>
                    <td>{d.stakingRewards}</td>
                    <td>{d.pledgesEnding}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
      <form onSubmit={submit} className="ops-form" data-testid="ops-earn-fund">
        <Segmented<AccountType> label={t`Account`} value={book} onChange={setBook} options={[{ value: 'live', label: t`Live` }, { value: 'demo', label: t`Demo` }]} />
        <TextField
          label={<Trans>Amount (USDT)</Trans>}
          value={amount}
          inputMode="decimal"
          onChange={(e) => setAmount(e.target.value.trim())}
          error={fund.isError ? (fund.error instanceof ApiError ? fund.error.message : t`Not saved. Try again.`) : undefined}
        />
        <Button type="submit" loading={fund.isPending} disabled={amount === ''}>
          <Trans>Fund the reserve</Trans>
        </Button>
      </form>
    </Card>
  )
}
