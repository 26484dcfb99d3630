// /profile/proof: proof of liabilities (docs/proof-of-liabilities.md). What the check means, the signed-in user's
// inclusion proof verified in this browser (in the latest snapshot, or in an earlier one picked from the list), and the
// public list of every published root.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { useSession } from '../../../lib/session.ts'
import { MyProof } from './my-proof.tsx'
import { PublishedRoots } from './published-roots.tsx'
import '../proof.css'

export function ProofPanel() {
  const token = useSession((s) => s.token)
  // The snapshot picked from the published roots; null: the latest.
  const [picked, setPicked] = useState<string | null>(null)
  const pick = (snapshotId: string | null) => {
    setPicked(snapshotId)
    // The proof is above the list: bring it into view (on a phone the list is screens below it).
    document.querySelector('.proof-panel')?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }
  return (
    <div className="proof-panel" data-testid="proof-panel">
      <Card>
        <p className="muted proof-intro">
          <Trans>
            Once a day we publish one hash, the root of a Merkle sum tree of what we owe every user on the live book, with
            the totals. Your browser checks here that your balances are part of it: nothing to download, nothing to take on
            trust.
          </Trans>
        </p>
      </Card>
      {token ? (
        <MyProof snapshotId={picked} onLatest={() => pick(null)} />
      ) : (
        <Card>
          <p className="muted proof-intro">
            <Trans>Sign in to check that your balances are included.</Trans>
          </p>
        </Card>
      )}
      <PublishedRoots shown={picked} onPick={token ? pick : undefined} />
    </div>
  )
}
