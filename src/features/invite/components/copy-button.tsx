import { useState } from 'react'
import { Trans } from '@lingui/react/macro'

type Result = 'ok' | 'error' | null

/** Copies `text` and says whether it worked, with the product's texts. */
export function CopyButton({ text }: { text: string }) {
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
    <>
      <button type="button" className="btn primary small" onClick={() => void handleCopy()}>
        <Trans>Copy</Trans>
      </button>
      <span role="status" className={result === 'error' ? 'copy-result error' : 'copy-result'}>
        {result === 'ok' && <Trans>Copy successful!</Trans>}
        {result === 'error' && <Trans>Copy error!</Trans>}
      </span>
    </>
  )
}
