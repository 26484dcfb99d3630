// A claim for a transfer sent from somewhere else (an exchange, another wallet): amount, transaction hash, its last 6
// characters typed again, and a screenshot. The server checks it on chain when it follows a node, else an operator
// does; the answer shows in the list above.
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { dec } from '#contract/trading-math.ts'
import { UPLOAD_ACCEPT, type Upload } from '#contract/uploads.ts'
import { AmountInput } from '../../../components/ui/amount-input.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { isPlainNumber } from '../../../lib/number-input.ts'
import { operationKeys } from '../../../lib/operation-keys.ts'
import { useIsOnline } from '../../../lib/use-is-online.ts'
import { useSession } from '../../../lib/session.ts'
import { uploadProof, useClaimDeposit } from '../api.ts'
import type { Offer } from './deposit-panel.tsx'

const TX_HASH = /^0x[0-9a-fA-F]{64}$/

type Problems = Partial<Record<'amount' | 'txHash' | 'last6' | 'screenshot', string>>

export function ClaimForm({ offer }: { offer: Offer }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const userId = useSession((s) => s.userId)
  const claim = useClaimDeposit(userId)
  const keys = useRef(operationKeys()).current
  const fileInput = useRef<HTMLInputElement>(null)
  const [amount, setAmount] = useState('')
  const [txHash, setTxHash] = useState('')
  const [last6, setLast6] = useState('')
  const [proof, setProof] = useState<Upload | null>(null)
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [shown, setShown] = useState<Problems>({})

  const { currency, scale } = offer
  const min = offer.deposit.min
  const problemsOf = (): Problems => {
    const p: Problems = {}
    const hash = txHash.trim()
    if (!isPlainNumber(amount) || !/[1-9]/.test(amount)) p.amount = t`enter amount`
    else if (dec(amount).lt(min)) p.amount = t`The smallest deposit of ${currency} is ${min}`
    else if (dec(amount).decimalPlaces() > scale) p.amount = t`${currency} amounts have at most ${scale} decimals`
    if (!TX_HASH.test(hash)) p.txHash = t`A transaction hash is 0x followed by 64 letters and digits`
    if (!/^[0-9a-fA-F]{6}$/.test(last6.trim())) p.last6 = t`Type the last 6 characters of the transaction hash`
    else if (TX_HASH.test(hash) && !hash.toLowerCase().endsWith(last6.trim().toLowerCase())) {
      p.last6 = t`The last 6 characters do not match the end of the transaction hash`
    }
    if (!proof) p.screenshot = t`upload the required picture`
    return p
  }

  const pick = async (file: File) => {
    setUploading(true)
    setUploadError(null)
    try {
      setProof(await uploadProof(file))
    } catch (error) {
      setProof(null)
      setUploadError(error instanceof ApiError ? error.message : t`The picture could not be sent. Please try again.`)
    } finally {
      setUploading(false)
    }
  }

  const submit = () => {
    const problems = problemsOf()
    setShown(problems)
    if (Object.keys(problems).length > 0 || !proof) return
    const body = {
      currency: offer.currency,
      network: offer.network,
      amount,
      txHash: txHash.trim(),
      last6: last6.trim(),
      screenshot: proof.id,
    }
    claim.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (deposit) => {
          keys.settled(null)
          toast(
            deposit.status === 'credited'
              ? t`Deposit credited to your live account`
              : deposit.status === 'pending'
                ? t`Transfer found: it is credited after its confirmations`
                : deposit.check?.problems.includes('creditedToOther')
                  ? t`This transfer was already credited to another account's claim. An operator will decide.`
                  : t`Claim sent: it waits for review`,
            'success',
          )
          setAmount('')
          setTxHash('')
          setLast6('')
          setProof(null)
          setShown({})
        },
        onError: (error) => keys.settled(error),
      },
    )
  }

  return (
    <form
      className="deposit-claim"
      noValidate
      data-testid="deposit-claim"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <AmountInput label={<Trans>Amount sent</Trans>} currency={offer.currency} value={amount} onChange={setAmount} error={shown.amount} name="amount" />
      <TextField
        label={<Trans>Transaction hash</Trans>}
        value={txHash}
        onChange={(e) => setTxHash(e.target.value)}
        error={shown.txHash}
        name="txHash"
        autoComplete="off"
        spellCheck={false}
        className="deposit-hash-field"
      />
      <TextField
        label={<Trans>Last 6 characters of the hash</Trans>}
        value={last6}
        onChange={(e) => setLast6(e.target.value)}
        error={shown.last6}
        name="last6"
        autoComplete="off"
        maxLength={6}
        spellCheck={false}
      />
      <div className="field">
        <span className="field-label" id="deposit-proof-label">
          <Trans>Screenshot of the transfer</Trans>
        </span>
        <Button variant="secondary" onClick={() => fileInput.current?.click()} loading={uploading} disabled={!isOnline} aria-describedby="deposit-proof-label">
          {proof ? <Trans>Choose another picture</Trans> : <Trans>Choose a picture</Trans>}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t`Screenshot of the transfer`}
          data-testid="deposit-proof-input"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void pick(file)
          }}
        />
        {(uploadError ?? shown.screenshot ?? proof) && (
          <p className={uploadError || (!proof && shown.screenshot) ? 'field-note error' : 'field-note'} data-testid="deposit-proof-note">
            {uploadError ?? (proof ? <Trans>Picture ready</Trans> : shown.screenshot)}
          </p>
        )}
      </div>
      {claim.error && <ErrorState error={claim.error} compact />}
      {!isOnline && (
        <p className="field-note">
          <Trans>You are offline. Claims can be sent when you are back online.</Trans>
        </p>
      )}
      <Button type="submit" loading={claim.isPending} disabled={!isOnline || uploading} data-testid="deposit-claim-submit">
        <Trans>Send claim</Trans>
      </Button>
    </form>
  )
}
