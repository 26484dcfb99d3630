// One article's editor: a version per language (title, summary, Markdown body, the cover's text alternative), the
// fallback language, the cover picture and pictures for the body (content-picture.tsx), Save. The
// preview is the HTML the server rendered and sanitised when it saved (what readers get), never the browser's own;
// its pictures come through the console's own route (components/content-preview.tsx), so a draft's show too.
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { LANGUAGES, type LanguageCode } from '#contract/locales.ts'
import { opsNewsApi, type ArticleVersion, type ContentImage, type OpsArticle } from '#contract/ops-news.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { ContentPreview } from '../../components/content-preview.tsx'
import { BodyPictureButton, CoverPicker } from './content-picture.tsx'

type Versions = Partial<Record<LanguageCode, ArticleVersion>>
const EMPTY: ArticleVersion = { title: '', summary: '', bodyMd: '', coverAlt: '' }

function versionsOf(article: OpsArticle | null): Versions {
  const versions: Versions = {}
  for (const [lang, v] of Object.entries(article?.translations ?? {})) {
    if (v) versions[lang as LanguageCode] = { title: v.title, summary: v.summary, bodyMd: v.bodyMd, coverAlt: v.coverAlt ?? '' }
  }
  return versions
}

export function ArticleEditor({ article, onSaved }: { article: OpsArticle | null; onSaved: (article: OpsArticle) => void }) {
  const { t } = useLingui()
  const [fallbackLang, setFallbackLang] = useState<LanguageCode>(article?.fallbackLang ?? 'en_US')
  const [lang, setLang] = useState<LanguageCode>(article?.fallbackLang ?? 'en_US')
  const [versions, setVersions] = useState<Versions>(() => versionsOf(article))
  const [saved, setSaved] = useState<OpsArticle | null>(article)
  const [cover, setCover] = useState<ContentImage | null>(article?.cover ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  const current = versions[lang] ?? EMPTY
  const edit = (field: keyof ArticleVersion, value: string) => setVersions((v) => ({ ...v, [lang]: { ...(v[lang] ?? EMPTY), [field]: value } }))
  // The upload ends after the operator may have typed on: the picture goes after the body as it is then.
  const appendToBody = (markdown: string) =>
    setVersions((v) => {
      const body = (v[lang] ?? EMPTY).bodyMd.trimEnd()
      return { ...v, [lang]: { ...(v[lang] ?? EMPTY), bodyMd: `${body}${body ? '\n\n' : ''}${markdown}\n` } }
    })
  const save = useMutation({
    mutationFn: () => {
      // A language left blank is not a version: only filled ones are sent.
      const translations: Versions = {}
      for (const [code, v] of Object.entries(versions)) {
        if (v && (v.title.trim() || v.summary.trim() || v.bodyMd.trim())) translations[code as LanguageCode] = v
      }
      return opsCall(opsNewsApi.save, { body: { id: saved?.id, fallbackLang, translations, cover: cover?.id ?? null } })
    },
    onSuccess: (article) => {
      setSaved(article)
      onSaved(article)
      toast(t`Article saved`, 'success')
    },
    onError: (error) => setProblem(error instanceof ApiError ? error.message : t`The article could not be saved. Try again.`),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const fallback = versions[fallbackLang]
    if (!fallback?.title.trim() || !fallback.bodyMd.trim()) {
      setProblem(t`Write a title and a body in the fallback language`)
      return
    }
    setProblem(null)
    save.mutate()
  }
  const preview = saved?.translations[lang]?.bodyHtml
  return (
    <Card title={saved ? t`Edit article` : t`New article`} titleId="ops-news-editor">
      <form onSubmit={submit} noValidate className="ops-form">
        <div className="field">
          <label htmlFor="ops-news-fallback" className="field-label"><Trans>Fallback language</Trans></label>
          <select id="ops-news-fallback" className="select" value={fallbackLang} onChange={(e) => setFallbackLang(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-news-lang" className="field-label"><Trans>Language of this version</Trans></label>
          <select id="ops-news-lang" className="select" value={lang} onChange={(e) => setLang(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {versions[l.code]?.title ? `${l.name} ✓` : l.name}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t`Title`} maxLength={200} value={current.title} onChange={(e) => edit('title', e.target.value)} />
        <TextAreaField label={t`Summary`} rows={2} maxLength={500} value={current.summary} onChange={(e) => edit('summary', e.target.value)} />
        <CoverPicker cover={cover} onChange={setCover} />
        {cover && (
          <TextField
            label={t`Text alternative of the cover`}
            hint={t`What the picture shows, for readers who cannot see it. Left empty, the title is used.`}
            maxLength={300}
            value={current.coverAlt ?? ''}
            onChange={(e) => edit('coverAlt', e.target.value)}
          />
        )}
        <TextAreaField
          label={t`Body (Markdown)`}
          rows={12}
          maxLength={50_000}
          value={current.bodyMd}
          onChange={(e) => edit('bodyMd', e.target.value)}
          hint={t`Headings, lists, links, tables and pictures from the upload store are kept; scripts, forms and styles are removed.`}
        />
        <BodyPictureButton onInsert={appendToBody} />
        {problem && <p className="field-note error" role="alert">{problem}</p>}
        <Button type="submit" loading={save.isPending}>
          <Trans>Save</Trans>
        </Button>
        {preview !== undefined && (
          <ContentPreview html={preview} testId="ops-news-preview" />
        )}
      </form>
    </Card>
  )
}
