// The withdraw form, then its confirmation: every figure again (amount, fee, what arrives, network, address) before
// the one press that asks for it. Inline errors come from the same checks the server makes (form.ts).
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FundsNetwork } from '#contract/funds.ts'
import type { WithdrawInfo } from '#contract/withdrawals.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Amount } from '../../../components/ui/amount.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSubmitWithdrawal } from '../api.ts'
import { checkForm } from '../form.ts'
import { issueText } from './issue-text.ts'

/** A currency on a network open for withdrawals, with the currency's decimals. */
export type Offer = FundsNetwork & { scale: number }

const decimalsOf = (value: string) => /\.(\d+)$/.exec(value)?.[1]?.length ?? 0

export function WithdrawForm({ offers, info }: { offers: Offer[]; info: WithdrawInfo }) {
  const { t, i18n } = useLingui()
  const isOnline = useIsOnline()
  const currencies = [...new Set(offers.map((o) => o.currency))]
  const [currency, setCurrency] = useState(currencies[0]!)
  const nets = offers.filter((o) => o.currency === currency)
  const [network, setNetwork] = useState(nets[0]!.network)
  const net = nets.find((n) => n.network === network) ?? nets[0]!
  const [amount, setAmount] = useState('')
  const [address, setAddress] = useState('')
  const [confirming, setConfirming] = useState(false)
  const keys = useRef(operationKeys()).current
  const submit = useSubmitWithdrawal()
  const check = checkForm({ amount, address }, net, currency, info)
  const mine = info.balances.find((b) => b.currency === currency)
  const available = mine?.available ?? '0'
  const digits = (v: string) => Math.max(2, decimalsOf(v))

  const pickCurrency = (next: string) => {
    setCurrency(next)
    setNetwork(offers.find((o) => o.currency === next)!.network)
    setAmount('')
  }
  const send = () => {
    const body = { amount, currency, network: net.network, address: address.trim() }
    submit.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(t`Withdrawal requested: it waits for review`, 'success')
          setAmount('')
          setAddress('')
          setConfirming(false)
        },
        onError: (error) => keys.settled(error),
      },
    )
  }

  const figures = check.quote && (
    <dl className="withdraw-figures" data-testid="withdraw-figures">
      <dt>
        <Trans>Fee</Trans>
      </dt>
      <dd data-testid="withdraw-fee">
        <Amount value={check.quote.fee} currency={currency} digits={digits(check.quote.fee)} />
      </dd>
      <dt>
        <Trans>Amount that arrives</Trans>
      </dt>
      <dd data-testid="withdraw-receive">
        <Amount value={check.quote.receive} currency={currency} digits={digits(check.quote.receive)} />
      </dd>
    </dl>
  )

  if (confirming && check.ready && check.quote) {
    return (
      <Card title={t`Confirm the withdrawal`} titleId="withdraw-confirm-title">
        <div className="withdraw-form" data-testid="withdraw-confirm">
          <dl className="withdraw-figures">
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd>
              <Amount value={amount} currency={currency} digits={digits(amount)} />
            </dd>
            <dt>
              <Trans>Network</Trans>
            </dt>
            <dd>{net.networkName}</dd>
            <dt>
              <Trans>To address</Trans>
            </dt>
            <dd className="withdraw-address" data-testid="withdraw-confirm-address">
              {address.trim()}
            </dd>
          </dl>
          {figures}
          <p className="withdraw-warning" role="note">
            <IconInfo size={18} />
            <span>
              <Trans>Check the address and the network: a withdrawal sent to a wrong address or network cannot be recovered.</Trans>
            </span>
          </p>
          {submit.error && <ErrorState error={submit.error} compact />}
          <div className="withdraw-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={send} loading={submit.isPending} disabled={!isOnline} data-testid="withdraw-confirm-button">
              <Trans>Confirm withdrawal</Trans>
            </Button>
          </div>
        </div>
      </Card>
    )
  }

  return (
    <Card title={t`Withdraw`} titleId="withdraw-title">
      <form
        className="withdraw-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (check.ready) {
            submit.reset()
            setConfirming(true)
          }
        }}
      >
        {currencies.length > 1 && (
          <Segmented<string> label={t`Currency`} value={currency} onChange={pickCurrency} options={currencies.map((c) => ({ value: c, label: c }))} />
        )}
        {nets.length > 1 ? (
          <Segmented<string> label={t`Network`} value={net.network} onChange={setNetwork} options={nets.map((n) => ({ value: n.network, label: n.networkName }))} />
        ) : (
          <p className="withdraw-network">
            <span className="muted">
              <Trans>Network</Trans>
            </span>{' '}
            <strong>{net.networkName}</strong>
          </p>
        )}
        <AmountInput
          label={t`Amount`}
          currency={currency}
          value={amount}
          onChange={setAmount}
          max={available}
          data-testid="withdraw-amount"
          error={check.amountIssue ? issueText(i18n, check.amountIssue, currency) : undefined}
          hint={t`Available: ${available} ${currency}. Minimum ${net.withdraw.min} ${currency}.`}
        />
        <TextField
          label={t`Destination address`}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="withdraw-address"
          error={
            check.addressOk === false
              ? t`This is not a valid ${net.networkName} address. Copy it again from the receiving wallet: a mixed-case address must match its checksum.`
              : undefined
          }
          hint={t`Only an address on ${net.networkName}: funds sent to another network are lost.`}
        />
        {figures}
        <Button type="submit" block size="lg" disabled={!check.ready || !isOnline} data-testid="withdraw-continue">
          <Trans>Continue</Trans>
        </Button>
        {!isOnline && (
          <p className="caption">
            <Trans>You are offline: withdrawals need a connection.</Trans>
          </p>
        )}
      </form>
    </Card>
  )
}
