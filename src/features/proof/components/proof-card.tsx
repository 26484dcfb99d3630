// One verified (or refused) inclusion proof: the check runs here, in the browser, with the shared verifier
// (src/contract/liability-tree.ts); the leaf's balances, the published root and time, and the path's length.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { LiabilityProof, LiabilitySnapshot } from '#contract/liabilities.ts'
import { unitsToDecimal, type VerifyFailure } from '#contract/liability-tree.ts'
import { Amount } from '../../../components/ui/amount.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useSession } from '../../../lib/session.ts'
import { proofQueries } from '../api.ts'

/** An exact amount: every decimal the currency carries that is not a trailing zero, at least two. */
export const digitsOf = (value: string) => Math.max(2, /\.(\d+)$/.exec(value)?.[1]?.length ?? 0)

function Status({ snapshot, proof }: { snapshot: LiabilitySnapshot; proof: LiabilityProof }) {
  const { t } = useLingui()
  const userId = useSession((s) => s.userId)
  const check = useQuery(proofQueries.check(userId, snapshot, proof))
  const reasons: Record<VerifyFailure, string> = {
    root: t`The path from your balances does not reach the published root.`,
    totals: t`The published totals differ from the sums in the root.`,
    negative: t`The proof holds an amount below zero, which would hide a balance.`,
    malformed: t`The proof is incomplete or malformed.`,
    unavailable: t`This browser cannot compute SHA-256 on this page (it needs a secure connection).`,
  }
  if (check.isPending) {
    return (
      <div className="proof-status" role="status" data-testid="proof-status">
        <Trans>Checking in your browser…</Trans>
      </div>
    )
  }
  const result = check.data ?? { ok: false as const, reason: 'unavailable' as const }
  return (
    <div className="proof-status" role="status" data-testid="proof-status">
      {result.ok ? (
        <>
          <Badge tone="up" testId="proof-verified">{t`Verified`}</Badge>
          <p>
            <Trans>Your balances are included in the published root and its totals. Checked in this browser with SHA-256.</Trans>
          </p>
        </>
      ) : (
        <>
          <Badge tone="down" testId="proof-failed">{t`Not verified`}</Badge>
          <p>{reasons[result.reason]}</p>
        </>
      )}
    </div>
  )
}

/** header: above the verdict (which snapshot, when the user picked an earlier one). */
export function ProofCard({ snapshot, proof, header }: { snapshot: LiabilitySnapshot; proof: LiabilityProof; header?: ReactNode }) {
  const { t } = useLingui()
  const format = useFormat()
  const held = snapshot.currencies
    .map((c, i) => ({ currency: c.currency, amount: unitsToDecimal(proof.balances[i] ?? '0', c.scale) }))
    .filter((b) => b.amount !== '0')
  return (
    <Card title={t`Your proof`} titleId="proof-title">
      {header}
      <Status snapshot={snapshot} proof={proof} />
      <dl className="proof-figures">
        <dt>{t`Your balances at the snapshot`}</dt>
        <dd className="proof-balances">
          {held.map((b) => (
            <Amount key={b.currency} value={b.amount} currency={b.currency} digits={digitsOf(b.amount)} testId={`proof-balance-${b.currency}`} />
          ))}
        </dd>
        <dt>{t`Published`}</dt>
        <dd>
          <time dateTime={new Date(snapshot.publishedAt).toISOString()} data-testid="proof-time">
            {format.dateTime(snapshot.publishedAt)}
          </time>
        </dd>
        <dt>{t`Path length`}</dt>
        <dd data-testid="proof-path-length">{proof.path.length}</dd>
        <dt>{t`Users included`}</dt>
        <dd>{snapshot.leafCount}</dd>
      </dl>
      {/* Below the figures, full width: 64 hex digits squeezed into a column break into a tower on a phone. */}
      <h3 className="proof-hash-label">{t`Root hash`}</h3>
      <p className="proof-hash" data-testid="proof-root">
        {snapshot.root}
      </p>
      <div className="proof-copy">
        <CopyButton text={snapshot.root} label={t`Copy`} />
      </div>
    </Card>
  )
}
