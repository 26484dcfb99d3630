// /profile/deposit: choose a currency and network, see the receiving address (text and QR code), the network, the
// minimum and the confirmations, with the warning that other networks lose the funds; the user's deposits with their
// confirmations live; the claim form for a transfer sent from elsewhere; and the addresses the user proved they send
// from (sending-addresses.tsx). Live book only: deposits always arrive in the live account.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NetworkChoice } from '#contract/deposits.ts'
import type { FundsNetwork } from '#contract/funds.ts'
import { BookLabel } from '../../../components/ui/book-badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconInfo } from '../../../components/ui/icons.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { depositQueries } from '../api.ts'
import { ClaimForm } from './claim-form.tsx'
import { DepositList } from './deposit-list.tsx'
import { DepositQr } from './deposit-qr.tsx'
import { SendingAddresses } from './sending-addresses.tsx'
import '../deposit.css'

export type Offer = FundsNetwork & { scale: number }

/** Deposits always arrive in the live book, whichever book is active: the badge says where the money goes. */
function LiveBook() {
  return (
    <div className="panel-book">
      <BookLabel book="live" testId="deposit-book" />
    </div>
  )
}

export function DepositPanel() {
  const { t } = useLingui()
  const networks = useQuery(depositQueries.networks())
  const [choice, setChoice] = useState<NetworkChoice | null>(null)
  if (networks.isPending) return <Card><SkeletonRows rows={4} /></Card>
  if (!networks.data) return <Card><ErrorState error={networks.error} onRetry={() => void networks.refetch()} /></Card>
  const offers: Offer[] = networks.data.flatMap((c) => c.networks.filter((n) => n.deposit.open).map((n) => ({ ...n, scale: c.scale })))
  if (offers.length === 0) {
    return (
      <div className="deposit-panel" data-testid="deposit-panel">
        <LiveBook />
        <Card>
          <EmptyState title={<Trans>Deposits are not open yet</Trans>} body={<Trans>When a currency opens for deposits, its address appears here.</Trans>} />
        </Card>
        <DepositList />
        <SendingAddresses />
      </div>
    )
  }
  const currencies = [...new Set(offers.map((o) => o.currency))]
  const currency = choice && currencies.includes(choice.currency) ? choice.currency : currencies[0]!
  const ofCurrency = offers.filter((o) => o.currency === currency)
  const offer = ofCurrency.find((o) => o.network === choice?.network) ?? ofCurrency[0]!
  return (
    <div className="deposit-panel" data-testid="deposit-panel">
      <LiveBook />
      <Card>
        <div className="deposit-choice">
          <Segmented
            label={t`Currency`}
            options={currencies.map((c) => ({ value: c, label: c }))}
            value={currency}
            onChange={(c) => setChoice({ currency: c, network: offers.find((o) => o.currency === c)!.network })}
          />
          {ofCurrency.length > 1 && (
            <Segmented
              label={t`Network`}
              options={ofCurrency.map((o) => ({ value: o.network, label: o.networkName }))}
              value={offer.network}
              onChange={(network) => setChoice({ currency, network })}
            />
          )}
        </div>
        <AddressBlock offer={offer} />
      </Card>
      <DepositList />
      <Card title={<Trans>Sent from somewhere else?</Trans>} titleId="deposit-claim-title">
        <ClaimForm key={`${offer.currency}-${offer.network}`} offer={offer} />
      </Card>
      <SendingAddresses />
    </div>
  )
}

function AddressBlock({ offer }: { offer: Offer }) {
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(depositQueries.instructions(userId, { currency: offer.currency, network: offer.network }))
  if (isPending) return <SkeletonRows rows={3} />
  if (!data) return <ErrorState error={error} onRetry={() => void refetch()} compact />
  const { network, fromAddress, qrText } = data
  const { currency, networkName } = network
  const { confirmations } = network.deposit
  const address = network.deposit.address ?? ''
  return (
    <div className="deposit-address-block" data-testid="deposit-address-block">
      {(!isOnline || error) && <StaleNote time={dataUpdatedAt} />}
      <p className="deposit-warning" role="note" data-testid="deposit-warning">
        <IconInfo size={18} />
        <span>
          <Trans>
            Send only {currency} on {networkName} to this address. Funds sent on any other network, or any other coin, are lost.
          </Trans>
        </span>
      </p>
      <div className="deposit-address-row">
        {qrText && <DepositQr text={qrText} />}
        <div className="deposit-address-text">
          <span className="field-label">
            <Trans>Deposit address</Trans>
          </span>
          <span className="mono deposit-address" data-testid="deposit-address">
            {address}
          </span>
          <CopyButton text={address} label={<Trans>Copy address</Trans>} primary />
        </div>
      </div>
      <dl className="deposit-terms">
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd data-testid="deposit-network">{network.networkName}</dd>
        <dt>
          <Trans>Minimum deposit</Trans>
        </dt>
        <dd className="num" data-testid="deposit-min">
          {network.deposit.min} {network.currency}
        </dd>
        <dt>
          <Trans>Confirmations needed</Trans>
        </dt>
        <dd className="num" data-testid="deposit-confirmations">
          {network.deposit.confirmations}
        </dd>
        {network.tokenContract && (
          <>
            <dt>
              <Trans>Token contract</Trans>
            </dt>
            <dd className="mono deposit-contract">{network.tokenContract}</dd>
          </>
        )}
      </dl>
      <p className="muted deposit-followed" data-testid="deposit-followed">
        {network.deposit.followed && fromAddress ? (
          <Trans>
            Transfers from your wallet {fromAddress} are found on their own and credited to your live account after {confirmations} confirmations. Smaller transfers than the minimum wait for review.
          </Trans>
        ) : (
          <Trans>After you send, claim the transfer below with its transaction hash: it is credited to your live account once checked.</Trans>
        )}
      </p>
    </div>
  )
}
