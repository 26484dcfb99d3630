// The site notice: the popup every visitor of the app sees once per session. Publishing replaces the current one;
// the preview is the sanitised HTML the app will show.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsConsoleApi } from '#contract/ops.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { sanitizeNotice } from '../../../lib/sanitize.ts'
import { opsCall } from '../../api.ts'

const KEY = ['ops', 'notice']

export default function NoticePage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const current = useQuery({ queryKey: KEY, queryFn: () => opsCall(opsConsoleApi.notice), staleTime: 0 })
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [missing, setMissing] = useState(false)
  const publish = useMutation({
    mutationFn: () => opsCall(opsConsoleApi.publishNotice, { body: { title: title.trim(), content: content.trim() } }),
    onSuccess: (notice) => {
      queryClient.setQueryData(KEY, notice)
      toast(t`Notice published`, 'success')
    },
  })
  const clear = useMutation({
    mutationFn: () => opsCall(opsConsoleApi.clearNotice),
    onSuccess: () => {
      queryClient.setQueryData(KEY, null)
      toast(t`The notice is no longer shown`, 'success')
    },
    onError: (error) => toast(error instanceof ApiError ? error.message : t`The notice could not be cleared`, 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const incomplete = !title.trim() || !content.trim()
    setMissing(incomplete)
    if (!incomplete) publish.mutate()
  }
  return (
    <>
      <PageHeader title={<Trans>Site notice</Trans>} />
      <div className="ops-columns">
        <Card
          title={t`Shown now`}
          titleId="ops-notice-current"
          actions={
            current.data ? (
              <Button variant="danger" onClick={() => clear.mutate()} loading={clear.isPending}>
                <Trans>Stop showing</Trans>
              </Button>
            ) : undefined
          }
        >
          {current.isPending ? (
            <SkeletonRows rows={2} />
          ) : current.isError ? (
            <ErrorState error={current.error} onRetry={() => void current.refetch()} compact />
          ) : current.data ? (
            <article className="ops-notice-preview" data-testid="ops-notice-current">
              <h3>{current.data.noticeTitle}</h3>
              <div dangerouslySetInnerHTML={{ __html: sanitizeNotice(current.data.noticeContent) }} />
            </article>
          ) : (
            <EmptyState title={<Trans>No notice is shown</Trans>} />
          )}
        </Card>
        <Card title={t`Publish a notice`} titleId="ops-notice-new">
          <form onSubmit={submit} noValidate className="ops-form">
            <TextField label={t`Title`} maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
            <TextAreaField
              label={t`Content (HTML)`}
              rows={8}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              hint={t`Text formatting, lists, links and images are kept; scripts, forms and styles are removed.`}
            />
            {content.trim() && (
              <div className="ops-notice-preview" aria-label={t`Preview`}>
                <div dangerouslySetInnerHTML={{ __html: sanitizeNotice(content) }} />
              </div>
            )}
            {(missing || publish.isError) && (
              <p className="field-note error" role="alert">
                {missing
                  ? t`Write a title and the content`
                  : publish.error instanceof ApiError
                    ? publish.error.message
                    : t`The notice could not be published. Try again.`}
              </p>
            )}
            <Button type="submit" loading={publish.isPending}>
              <Trans>Publish</Trans>
            </Button>
          </form>
        </Card>
      </div>
    </>
  )
}
