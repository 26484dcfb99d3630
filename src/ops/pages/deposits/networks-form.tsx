// Each currency's network settings: deposits (receiving address, minimum, confirmations, checked on chain) and
// withdrawals (fee, fee rate, minimum, daily maximum, KYC threshold, second-confirmation amount). Saved one network at
// a time; an empty optional field means "no limit" or "never", an empty address closes deposits.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsFundsApi, type OpsNetwork, type UpdateNetwork } from '#contract/ops-funds.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { opsCall } from '../../api.ts'

type Text = 'depositAddress' | 'depositMin' | 'tokenContract' | 'withdrawFee' | 'withdrawFeeRate' | 'withdrawMin' | 'withdrawDailyMax' | 'withdrawKycAbove' | 'withdrawSecondConfirmAbove'
type Flag = 'depositEnabled' | 'onChain' | 'withdrawEnabled'

const text = (value: string | null) => value ?? ''
const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

function NetworkCard({ n }: { n: OpsNetwork }) {
  const { t } = useLingui()
  const { currency, networkName } = n
  const queryClient = useQueryClient()
  const [texts, setTexts] = useState<Record<Text, string>>({
    depositAddress: text(n.depositAddress),
    depositMin: n.depositMin,
    tokenContract: text(n.tokenContract),
    withdrawFee: n.withdrawFee,
    withdrawFeeRate: n.withdrawFeeRate,
    withdrawMin: n.withdrawMin,
    withdrawDailyMax: text(n.withdrawDailyMax),
    withdrawKycAbove: text(n.withdrawKycAbove),
    withdrawSecondConfirmAbove: text(n.withdrawSecondConfirmAbove),
  })
  const [confirmations, setConfirmations] = useState(String(n.confirmations))
  const [flags, setFlags] = useState<Record<Flag, boolean>>({ depositEnabled: n.depositEnabled, onChain: n.onChain, withdrawEnabled: n.withdrawEnabled })
  const save = useMutation({
    mutationFn: () => {
      const body: UpdateNetwork = {
        currency: n.currency,
        network: n.network,
        ...flags,
        depositAddress: orNull(texts.depositAddress),
        depositMin: texts.depositMin.trim(),
        confirmations: Number(confirmations),
        tokenContract: orNull(texts.tokenContract),
        withdrawFee: texts.withdrawFee.trim(),
        withdrawFeeRate: texts.withdrawFeeRate.trim(),
        withdrawMin: texts.withdrawMin.trim(),
        withdrawDailyMax: orNull(texts.withdrawDailyMax),
        withdrawKycAbove: orNull(texts.withdrawKycAbove),
        withdrawSecondConfirmAbove: orNull(texts.withdrawSecondConfirmAbove),
      }
      return opsCall(opsFundsApi.updateNetwork, { body })
    },
    onSuccess: () => {
      toast(t`Settings of ${currency} on ${networkName} saved`, 'success')
      return queryClient.invalidateQueries({ queryKey: ['ops', 'funds-networks'] })
    },
  })
  const field = (key: Text, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      value={texts[key]}
      onChange={(e) => setTexts({ ...texts, [key]: e.target.value })}
      autoComplete="off"
      spellCheck={false}
      data-testid={`network-${key}`}
    />
  )
  const flag = (key: Flag, label: string) => (
    <label className="ops-check">
      <input type="checkbox" checked={flags[key]} onChange={(e) => setFlags({ ...flags, [key]: e.target.checked })} />
      {label}
    </label>
  )
  return (
    <Card title={`${currency} · ${networkName}`} titleId={`network-${currency}-${n.network}`}>
      <form
        className="ops-form ops-network-form"
        data-testid="ops-network"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        {flag('depositEnabled', t`Deposits open`)}
        {field('depositAddress', t`Receiving address`, t`Empty: deposits closed`)}
        {field('depositMin', t`Minimum deposit`)}
        <TextField label={t`Confirmations needed`} value={confirmations} onChange={(e) => setConfirmations(e.target.value)} inputMode="numeric" />
        {flag('onChain', t`Check transfers and claims on chain (with a node)`)}
        {field('tokenContract', t`Token contract`, t`Empty: the network's native coin`)}
        {flag('withdrawEnabled', t`Withdrawals open`)}
        {field('withdrawFee', t`Withdrawal fee`)}
        {field('withdrawFeeRate', t`Withdrawal fee rate`, t`A fraction of the amount: 0.001 is 0.1 %`)}
        {field('withdrawMin', t`Minimum withdrawal`)}
        {field('withdrawDailyMax', t`Daily maximum`, t`Empty: no limit`)}
        {field('withdrawKycAbove', t`Identity verification above`, t`Empty: never`)}
        {field('withdrawSecondConfirmAbove', t`Second operator above`, t`Empty: never. Admins only; applies to withdrawals asked after the change`)}
        {save.error && <ErrorState error={save.error} compact />}
        <Button type="submit" loading={save.isPending} data-testid="network-save">
          <Trans>Save</Trans>
        </Button>
      </form>
    </Card>
  )
}

export function NetworksForm() {
  const query = useQuery({ queryKey: ['ops', 'funds-networks'], queryFn: () => opsCall(opsFundsApi.networks), staleTime: 0 })
  return (
    <section className="ops-networks" aria-labelledby="ops-networks-title">
      <h2 id="ops-networks-title" className="card-title">
        <Trans>Currencies and networks</Trans>
      </h2>
      {query.isPending ? (
        <SkeletonRows rows={4} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        query.data.map((n) => <NetworkCard key={`${n.currency}-${n.network}`} n={n} />)
      )}
    </section>
  )
}
