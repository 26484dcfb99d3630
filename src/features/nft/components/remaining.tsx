// How long an auction has left, ticking each second, and its state once it is over. Hours may pass 24 ("49:05:10"):
// digits read the same in every language, and the end's date and time stand beside it.
import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import type { NftStatus } from '#contract/nfts.ts'
import { Badge } from '../../../components/ui/badge.tsx'

export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

const pad = (n: number) => String(n).padStart(2, '0')

export function clockText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

/** The state of an auction as a badge: live with its time left, ended (settling), sold or not sold. */
export function Remaining({ endsAt, status, testId }: { endsAt: number; status: NftStatus; testId?: string }) {
  const now = useNow()
  if (status === 'sold') return <Badge tone="up" testId={testId}><Trans>Sold</Trans></Badge>
  if (status === 'unsold') return <Badge testId={testId}><Trans>Not sold</Trans></Badge>
  if (status === 'ended' || now >= endsAt) return <Badge tone="warn" testId={testId}><Trans>Ended, settling</Trans></Badge>
  const left = clockText(endsAt - now)
  return (
    <Badge tone="info" testId={testId}>
      <Trans>Ends in {left}</Trans>
    </Badge>
  )
}
