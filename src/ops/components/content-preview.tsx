// The preview of content the server rendered and sanitised (an article's body): its pictures are named by the
// readers' address, /api/contentImage/<id>, which answers only once published content uses them (docs/api.md). So
// the preview never asks that address: each picture is fetched from the console's own route with the operator's
// token (GET /api/ops/upload/<id>, `private, no-store`) and shown from a blob URL, and nothing is made public.
import { useEffect, useMemo, useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { opsUploadPath } from '#contract/ops-kyc.ts'
import { fetchOpsBlobUrl } from './use-ops-blob-url.ts'

// The server's sanitiser keeps `src` on pictures only, with this address only, and escapes quotes in text, so this
// finds exactly the pictures.
const PUBLIC_PICTURE = / src="\/api\/contentImage\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g
const ATTRIBUTE = 'data-ops-picture'

/** The HTML with each content picture's address moved to `data-ops-picture`, so the browser does not fetch it. */
export function withoutPublicPictures(html: string): string {
  return html.replace(PUBLIC_PICTURE, ` ${ATTRIBUTE}="$1"`)
}

export function ContentPreview({ html, testId }: { html: string; testId?: string }) {
  const { t } = useLingui()
  const ref = useRef<HTMLDivElement>(null)
  const shown = useMemo(() => withoutPublicPictures(html), [html])
  useEffect(() => {
    const controller = new AbortController()
    const urls: string[] = []
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>(`img[${ATTRIBUTE}]`) ?? []) {
      const id = img.getAttribute(ATTRIBUTE)
      if (!id) continue
      img.setAttribute('aria-busy', 'true')
      fetchOpsBlobUrl(opsUploadPath(id), controller.signal)
        .then((url) => {
          urls.push(url)
          img.src = url
        })
        .catch(() => {
          if (!controller.signal.aborted) img.title = t`The photo could not be loaded.`
        })
        .finally(() => img.removeAttribute('aria-busy'))
    }
    return () => {
      controller.abort()
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [shown, t])
  return (
    <div className="ops-notice-preview" aria-label={t`Preview`} data-testid={testId}>
      <div ref={ref} dangerouslySetInnerHTML={{ __html: shown }} />
    </div>
  )
}
