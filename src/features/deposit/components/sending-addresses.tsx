// "Sending addresses" on the deposit screen: the sign-in wallet (proven by signing in) and the addresses the user
// proved by signing a one-time message with them; claims of transfers from these are credited once the chain check
// passes, from any other address they wait for an operator. Adding: type the address, get the exact message, sign
// it with the browser's wallet or paste a signature made elsewhere (a hardware wallet), and send it.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SendingAddressChallenge } from '#contract/sending-addresses.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { StaleNote } from '../../../components/ui/stale-note.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { askToSign, depositQueries, useAddSendingAddress, useRemoveSendingAddress } from '../api.ts'
import { findBrowserWallet, OtherAccount, signWithBrowserWallet } from '../browser-wallet.ts'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SIGNATURE = /^0x[0-9a-fA-F]{130,8000}$/

export function SendingAddresses() {
  const userId = useSession((s) => s.userId)
  const isOnline = useIsOnline()
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(depositQueries.sending(userId))
  const remove = useRemoveSendingAddress(userId)
  const [adding, setAdding] = useState(false)
  const title = <Trans>Sending addresses</Trans>
  if (isPending) return <Card title={title}><SkeletonRows rows={2} /></Card>
  if (!data) return <Card title={title}><ErrorState error={error} onRetry={() => void refetch()} compact /></Card>
  const { max } = data
  const full = data.list.length >= max
  return (
    <Card title={title} titleId="deposit-sending-title">
      <div className="deposit-sending" data-testid="sending-addresses">
        {(!isOnline || error) && <StaleNote time={dataUpdatedAt} />}
        <p className="muted deposit-followed">
          <Trans>
            Claims of transfers from these addresses are credited once the chain confirms them. Transfers from any other address wait for an operator to
            check that they are yours, because anyone can see a transaction on chain and claim it.
          </Trans>
        </p>
        {data.wallet === null && data.list.length === 0 ? (
          <p className="field-note" data-testid="sending-empty">
            <Trans>No proven addresses yet: add the address you send from.</Trans>
          </p>
        ) : (
          <ul className="deposit-sending-list">
            {data.wallet && (
              <li className="deposit-sending-item" data-testid="sending-address">
                <span className="mono deposit-address-small">{data.wallet}</span>
                <Badge tone="up">
                  <Trans>Sign-in wallet, proven</Trans>
                </Badge>
              </li>
            )}
            {data.list.map((a) => (
              <li key={a.address} className="deposit-sending-item" data-testid="sending-address">
                <span className="mono deposit-address-small">{a.address}</span>
                <Badge tone="up">
                  <Trans>Proven by signature</Trans>
                </Badge>
                <RemoveButton address={a.address} disabled={!isOnline || remove.isPending} onRemove={() => remove.mutate(a.address)} />
              </li>
            ))}
          </ul>
        )}
        {remove.error && <ErrorState error={remove.error} compact />}
        {adding ? (
          <AddAddress onDone={() => setAdding(false)} />
        ) : full ? (
          <p className="field-note">
            <Trans>You have added {max} addresses, the most allowed. Remove one to add another.</Trans>
          </p>
        ) : (
          <Button variant="secondary" onClick={() => setAdding(true)} disabled={!isOnline} data-testid="sending-add">
            <Trans>Add an address</Trans>
          </Button>
        )}
      </div>
    </Card>
  )
}

function RemoveButton({ address, disabled, onRemove }: { address: string; disabled: boolean; onRemove: () => void }) {
  const { t } = useLingui()
  return (
    <Button variant="ghost" onClick={onRemove} disabled={disabled} aria-label={t`Remove ${address}`}>
      <Trans>Remove</Trans>
    </Button>
  )
}

function AddAddress({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const isOnline = useIsOnline()
  const add = useAddSendingAddress(userId)
  const [address, setAddress] = useState('')
  const [addressError, setAddressError] = useState<string | undefined>()
  const [challenge, setChallenge] = useState<SendingAddressChallenge | null>(null)
  const [asking, setAsking] = useState(false)
  const [askError, setAskError] = useState<unknown>(null)
  const [signature, setSignature] = useState('')
  const [signatureError, setSignatureError] = useState<string | undefined>()
  const [walletBusy, setWalletBusy] = useState(false)
  const [walletNote, setWalletNote] = useState<string | null>(null)

  const ask = async () => {
    const typed = address.trim()
    if (!ADDRESS.test(typed)) return setAddressError(t`An address is 0x followed by 40 letters and digits`)
    setAddressError(undefined)
    setAsking(true)
    setAskError(null)
    try {
      setChallenge(await askToSign(typed))
    } catch (error) {
      setAskError(error)
    } finally {
      setAsking(false)
    }
  }

  const send = (signed: string) => {
    if (!challenge) return
    if (!SIGNATURE.test(signed)) return setSignatureError(t`A signature is 0x followed by at least 130 letters and digits`)
    setSignatureError(undefined)
    add.mutate(
      { address: challenge.address, nonce: challenge.nonce, signature: signed },
      {
        onSuccess: () => {
          toast(t`Address added: claims of transfers from it are credited once checked`, 'success')
          onDone()
        },
      },
    )
  }

  const signInBrowser = async () => {
    if (!challenge) return
    setWalletBusy(true)
    setWalletNote(null)
    try {
      const wallet = await findBrowserWallet()
      if (!wallet) return setWalletNote(t`No wallet was found in this browser. Sign the message elsewhere and paste the signature.`)
      const signed = await signWithBrowserWallet(wallet, challenge.address, challenge.message)
      setSignature(signed)
      send(signed)
    } catch (error) {
      const { address: wanted } = challenge
      setWalletNote(
        error instanceof OtherAccount
          ? t`Your browser wallet does not offer ${wanted}. Switch to that account in the wallet and try again.`
          : t`The wallet did not sign. You can try again, or paste a signature made elsewhere.`,
      )
    } finally {
      setWalletBusy(false)
    }
  }

  if (!challenge) {
    return (
      <form
        className="deposit-claim"
        noValidate
        data-testid="sending-add-form"
        onSubmit={(e) => {
          e.preventDefault()
          void ask()
        }}
      >
        <TextField
          label={<Trans>Address to add</Trans>}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={addressError}
          name="sendingAddress"
          autoComplete="off"
          spellCheck={false}
          className="deposit-hash-field"
        />
        {askError !== null && <ErrorState error={askError} compact />}
        <div className="deposit-sending-actions">
          <Button type="submit" loading={asking} disabled={!isOnline}>
            <Trans>Get the message to sign</Trans>
          </Button>
          <Button variant="ghost" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    )
  }
  const { address: signer } = challenge
  return (
    <form
      className="deposit-claim"
      noValidate
      data-testid="sending-sign-form"
      onSubmit={(e) => {
        e.preventDefault()
        send(signature.trim())
      }}
    >
      <p className="field-note">
        <Trans>Sign this exact message with {signer}. It can be used once, for the next 15 minutes.</Trans>
      </p>
      <pre className="mono deposit-message" data-testid="sending-message">
        {challenge.message}
      </pre>
      <div className="deposit-sending-actions">
        <CopyButton text={challenge.message} label={<Trans>Copy message</Trans>} />
        <Button variant="secondary" onClick={() => void signInBrowser()} loading={walletBusy} disabled={!isOnline || add.isPending}>
          <Trans>Sign with a browser wallet</Trans>
        </Button>
      </div>
      {walletNote && (
        <p className="field-note error" role="alert">
          {walletNote}
        </p>
      )}
      <TextAreaField
        label={<Trans>Signature</Trans>}
        hint={<Trans>From a wallet that signs elsewhere, such as a hardware wallet: paste the signature it shows (0x…).</Trans>}
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
        error={signatureError}
        name="signature"
        rows={3}
        autoComplete="off"
        spellCheck={false}
        className="deposit-hash-field"
      />
      {add.error && <ErrorState error={add.error} compact />}
      <div className="deposit-sending-actions">
        <Button type="submit" loading={add.isPending} disabled={!isOnline} data-testid="sending-submit">
          <Trans>Add address</Trans>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
