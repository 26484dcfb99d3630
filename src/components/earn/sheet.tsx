// The sheets of the earn products (Smart plans, financing, node staking), one way for all three: buying (or adding)
// asks the amount and shows every number it means before Continue, and again on the confirm step before the one
// press; leaving early (exit, redemption, withdrawal) shows what comes back before the one press. Each product gives
// its words, its figures and its request. Only those lazily loaded screens use it: its messages are in the later
// screens' catalog (SCREEN_FILES in lingui.config.ts), and its folder is not in the chunk every screen shares
// (SHARED in vite.config.ts), so it loads with them.
import { useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { amountIssue } from '#contract/earn-math.ts'
import { useFormat } from '../../lib/format.ts'
import { operationKeys } from '../../lib/operation-keys.ts'
import { Figures, Money, type Figure } from './figures.tsx'
import { AmountInput } from '../ui/amount-input.tsx'
import { Button } from '../ui/button.tsx'
import { ErrorState } from '../ui/error-state.tsx'
import { Sheet } from '../ui/sheet.tsx'
import { toast } from '../ui/toast.tsx'
import './earn.css'

/** A money-moving request (src/lib/api.ts) as the sheets need it: the body goes with its Idempotency-Key. */
export type KeyedMutation<B> = {
  mutate: (variables: { body: B; idempotencyKey: string }, options: { onSuccess: () => void; onError: (e: unknown) => void }) => void
  isPending: boolean
  error: unknown
  reset: () => void
}

/**
 * Sends `body` once per press: every retry of the same request keeps its Idempotency-Key (`keyOf`, the body unless
 * told), a new one once the server answered (src/lib/operation-keys.ts); on success it toasts `done`, then `then`.
 */
export function useKeyedSubmit<B>(mutation: KeyedMutation<B>) {
  const keys = useRef(operationKeys()).current
  return (body: B, done: string, then?: () => void, keyOf: unknown = body) =>
    mutation.mutate(
      { body, idempotencyKey: keys.keyFor(keyOf) },
      {
        onSuccess: () => {
          keys.settled(null)
          toast(done, 'success')
          then?.()
        },
        onError: (e) => keys.settled(e),
      },
    )
}

/** An offer bought within a range: the hint, and what is wrong with an amount (`empty`: the product's own words). */
export function useAmountRange(offer: { minAmount: string; maxAmount: string; currency: string }, empty: string) {
  const { t } = useLingui()
  const f = useFormat()
  const [min, max] = [f.amount(offer.minAmount), f.amount(offer.maxAmount)]
  return {
    hint: t`From ${min} to ${max} ${offer.currency}`,
    issue: (amount: string) => {
      const issue = amountIssue(amount, offer)
      if (issue?.code === 'empty') return empty
      if (issue?.code === 'outOfRange') return t`Enter an amount from ${min} to ${max} ${offer.currency}`
      return issue ? t`Use at most ${issue.scale} decimals` : undefined
    },
  }
}

function Actions({ pending, onBack, onConfirm, label, testId }: { pending: boolean; onBack: () => void; onConfirm: () => void; label: ReactNode; testId: string }) {
  return (
    <div className="earn-actions">
      <Button variant="secondary" onClick={onBack} disabled={pending}>
        <Trans>Back</Trans>
      </Button>
      <Button onClick={onConfirm} loading={pending} data-testid={testId}>
        {label}
      </Button>
    </div>
  )
}

type BuyProps<B> = {
  /** Test ids: `${testId}-buy-sheet`, -amount, -figures, -continue, -confirm, -confirm-amount, -confirm-button. */
  testId: string
  /** Test ids that differ from those. */
  ids?: { sheet?: string; amount?: string }
  /** The amount step's title: the offer's name (again on the confirm step, labelled `nameLabel`), or the action. */
  title: string
  nameLabel?: ReactNode
  confirmTitle?: string
  confirmLabel?: ReactNode
  currency: string
  hint: string
  /** What is wrong with the amount (trimmed), in the buyer's words; undefined when it can be sent. */
  issue: (amount: string) => string | undefined
  /** Every number a valid amount means, on both steps. */
  figures: (amount: string) => Figure[]
  /** The offer's terms on the confirm step, after the amount. */
  terms?: Figure[]
  /** Who pays what the amount earns. */
  caption: ReactNode
  mutation: KeyedMutation<B>
  body: (amount: string) => B
  /** The toast once it is done. */
  done: string
  onClose: () => void
}

export function BuySheet<B>(p: BuyProps<B>) {
  const { t } = useLingui()
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const submit = useKeyedSubmit(p.mutation)
  const text = amount.trim()
  const error = p.issue(text)
  const figures = error ? [] : p.figures(text)
  const amountFigure = { label: <Trans>Amount</Trans>, value: <Money value={text} currency={p.currency} />, testId: `${p.testId}-confirm-amount` }
  return (
    <Sheet open onClose={p.onClose} title={confirming ? (p.confirmTitle ?? t`Confirm the purchase`) : p.title}>
      <div className="earn-sheet" data-testid={confirming ? `${p.testId}-confirm` : (p.ids?.sheet ?? `${p.testId}-buy-sheet`)}>
        {confirming ? (
          <Figures items={[...(p.nameLabel ? [{ label: p.nameLabel, value: p.title }] : []), amountFigure, ...(p.terms ?? []), ...figures]} />
        ) : (
          <>
            <AmountInput
              label={t`Amount`}
              currency={p.currency}
              value={amount}
              onChange={(v) => {
                setAmount(v)
                setTouched(true)
              }}
              data-testid={p.ids?.amount ?? `${p.testId}-amount`}
              error={touched ? error : undefined}
              hint={p.hint}
            />
            <Figures items={figures} testId={`${p.testId}-figures`} />
          </>
        )}
        <p className="caption">{p.caption}</p>
        {p.mutation.error ? <ErrorState error={p.mutation.error} compact /> : null}
        {confirming ? (
          <Actions
            pending={p.mutation.isPending}
            onBack={() => setConfirming(false)}
            onConfirm={() => submit(p.body(text), p.done, p.onClose)}
            label={p.confirmLabel ?? <Trans>Confirm purchase</Trans>}
            testId={`${p.testId}-confirm-button`}
          />
        ) : (
          <Button
            block
            onClick={() => {
              setTouched(true)
              if (!error) {
                p.mutation.reset()
                setConfirming(true)
              }
            }}
            data-testid={`${p.testId}-continue`}
          >
            <Trans>Continue</Trans>
          </Button>
        )}
      </div>
    </Sheet>
  )
}

type ConfirmProps<B> = {
  /** Test ids: the sheet's, and `${testId}-button` for its one press. */
  testId: string
  title: string
  /** Every number, down to what comes back. */
  items: Figure[]
  caption?: ReactNode
  confirmLabel: ReactNode
  mutation: KeyedMutation<B>
  body: B
  done: string
  onClose: () => void
}

/** Leaving early (an exit, a redemption, a withdrawal): what comes back, then the one press. */
export function ConfirmSheet<B>(p: ConfirmProps<B>) {
  const submit = useKeyedSubmit(p.mutation)
  return (
    <Sheet open onClose={p.onClose} title={p.title}>
      <div className="earn-sheet" data-testid={p.testId}>
        <Figures items={p.items} />
        {p.caption && <p className="caption">{p.caption}</p>}
        {p.mutation.error ? <ErrorState error={p.mutation.error} compact /> : null}
        <Actions
          pending={p.mutation.isPending}
          onBack={p.onClose}
          onConfirm={() => submit(p.body, p.done, p.onClose)}
          label={p.confirmLabel}
          testId={`${p.testId}-button`}
        />
      </div>
    </Sheet>
  )
}
