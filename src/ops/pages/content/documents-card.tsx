// Publish a document: a new version (users accept terms and the risk warning again) or this language's text of the
// current version (a translation or a correction). The list shows each type's newest texts.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { DOCUMENT_TYPES, type DocumentType } from '#contract/content.ts'
import type { LanguageCode } from '#contract/locales.ts'
import { opsContentApi } from '#contract/ops-content.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { LANGUAGE_OPTIONS, SelectField } from './fields.tsx'

const KEY = ['ops', 'content', 'documents']

export function DocumentsCard() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const rows = useQuery({ queryKey: KEY, queryFn: () => opsCall(opsContentApi.documents), staleTime: 0 })
  const [type, setType] = useState<DocumentType>('terms')
  const [locale, setLocale] = useState<LanguageCode>('en_US')
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [newVersion, setNewVersion] = useState(true)
  const [missing, setMissing] = useState(false)
  const publish = useMutation({
    mutationFn: () => opsCall(opsContentApi.publishDocument, { body: { type, locale, title: title.trim(), body: body.trim(), newVersion } }),
    onSuccess: (row) => {
      void queryClient.invalidateQueries({ queryKey: KEY })
      setTitle('')
      setBody('')
      toast(t`Published version ${row.version} of ${row.type} (${row.locale})`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const incomplete = !title.trim() || !body.trim()
    setMissing(incomplete)
    if (!incomplete) publish.mutate()
  }
  const newest = new Map<string, number>()
  for (const r of rows.data ?? []) newest.set(r.type, Math.max(newest.get(r.type) ?? 0, r.version))
  const latest = (rows.data ?? []).filter((r) => r.version === newest.get(r.type))
  return (
    <>
      <Card title={t`Publish a document`} titleId="ops-doc-new">
        <form onSubmit={submit} noValidate className="ops-form" data-testid="ops-publish-document">
          <SelectField label={t`Document`} value={type} options={DOCUMENT_TYPES.map((d) => ({ value: d, label: d }))} onChange={setType} testId="ops-doc-type" />
          <SelectField label={t`Language`} value={locale} options={LANGUAGE_OPTIONS} onChange={setLocale} testId="ops-doc-locale" />
          <TextField label={t`Title`} maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
          <TextAreaField label={t`Text (Markdown)`} rows={10} value={body} onChange={(e) => setBody(e.target.value)} hint={t`Headings, lists, emphasis and links are kept; HTML is removed.`} />
          <label className="ops-check">
            <input type="checkbox" checked={newVersion} onChange={(e) => setNewVersion(e.target.checked)} data-testid="ops-doc-new-version" />
            <span>
              <Trans>New version: users accept the terms and the risk warning again. Untick to add a translation or correct the current version.</Trans>
            </span>
          </label>
          {(missing || publish.isError) && (
            <p className="field-note error" role="alert">
              {missing ? t`Write a title and the text` : publish.error instanceof ApiError ? publish.error.message : t`The document could not be published. Try again.`}
            </p>
          )}
          <Button type="submit" loading={publish.isPending}>
            <Trans>Publish</Trans>
          </Button>
        </form>
      </Card>
      <Card title={t`Published documents`} titleId="ops-docs">
        {rows.isPending ? (
          <SkeletonRows rows={4} />
        ) : rows.isError ? (
          <ErrorState error={rows.error} onRetry={() => void rows.refetch()} compact />
        ) : (
          <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-documents">
            <thead>
              <tr>
                <th>{t`Document`}</th>
                <th>{t`Version`}</th>
                <th>{t`Language`}</th>
                <th>{t`Title`}</th>
              </tr>
            </thead>
            <tbody>
              {latest.map((r) => (
                <tr key={`${r.type}-${r.version}-${r.locale}`}>
                  <td>{r.type}</td>
                  <td>{r.version}</td>
                  <td>{r.locale}</td>
                  <td>
                    {r.title} {r.sample && <Badge tone="warn"><Trans>Sample</Trans></Badge>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </Card>
    </>
  )
}
