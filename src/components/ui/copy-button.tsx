import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from './button.tsx'
import { IconCheck, IconCopy } from './icons.tsx'

type Result = 'ok' | 'error' | null

/** Copies `text` (an invite link, a deposit address) and says whether it worked (a live status, so screen readers hear it too). */
export function CopyButton({ text, label, primary }: { text: string; label: ReactNode; primary?: boolean }) {
  const [result, setResult] = useState<Result>(null)
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setResult('ok')
    } catch {
      // No clipboard permission, an insecure origin, or an old browser.
      setResult('error')
    }
  }
  return (
    <span className="copy">
      <Button variant={primary ? 'primary' : 'secondary'} onClick={() => void handleCopy()}>
        {result === 'ok' ? <IconCheck size={18} /> : <IconCopy size={18} />}
        {label}
      </Button>
      <span role="status" className={result === 'error' ? 'copy-result error' : 'copy-result'}>
        {result === 'ok' && <Trans>Copy successful!</Trans>}
        {result === 'error' && <Trans>Copy error!</Trans>}
      </span>
    </span>
  )
}
