// Help answers: write one (or one language's text of an existing answer, by its number) and remove one.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { HELP_CATEGORIES, type HelpCategory } from '#contract/content.ts'
import type { LanguageCode } from '#contract/locales.ts'
import { opsContentApi } from '#contract/ops-content.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { LANGUAGE_OPTIONS, SelectField } from './fields.tsx'

const KEY = ['ops', 'content', 'help']

export function HelpCard() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const answers = useQuery({ queryKey: KEY, queryFn: () => opsCall(opsContentApi.help), staleTime: 0 })
  const [id, setId] = useState('')
  const [category, setCategory] = useState<HelpCategory>('start')
  const [locale, setLocale] = useState<LanguageCode>('en_US')
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState('')
  const [missing, setMissing] = useState(false)
  const save = useMutation({
    mutationFn: () =>
      opsCall(opsContentApi.saveHelpAnswer, { body: { ...(id.trim() ? { id: id.trim() } : {}), category, locale, question: question.trim(), answer: answer.trim() } }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: KEY })
      setQuestion('')
      setAnswer('')
      setId('')
      toast(t`Help answer ${saved.id} saved`, 'success')
    },
  })
  const remove = useMutation({
    mutationFn: (answerId: string) => opsCall(opsContentApi.removeHelpAnswer, { body: { id: answerId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (error) => toast(error instanceof ApiError ? error.message : t`The answer could not be removed`, 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const incomplete = !question.trim() || !answer.trim()
    setMissing(incomplete)
    if (!incomplete) save.mutate()
  }
  return (
    <>
      <Card title={t`Write a help answer`} titleId="ops-help-new">
        <form onSubmit={submit} noValidate className="ops-form" data-testid="ops-save-help">
          <TextField label={t`Answer number (to add a language or edit; empty for a new answer)`} inputMode="numeric" value={id} onChange={(e) => setId(e.target.value)} />
          <SelectField label={t`Category`} value={category} options={HELP_CATEGORIES.map((c) => ({ value: c, label: c }))} onChange={setCategory} />
          <SelectField label={t`Language`} value={locale} options={LANGUAGE_OPTIONS} onChange={setLocale} />
          <TextField label={t`Question`} maxLength={300} value={question} onChange={(e) => setQuestion(e.target.value)} />
          <TextAreaField label={t`Answer (Markdown)`} rows={6} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          {(missing || save.isError) && (
            <p className="field-note error" role="alert">
              {missing ? t`Write the question and the answer` : save.error instanceof ApiError ? save.error.message : t`The answer could not be saved. Try again.`}
            </p>
          )}
          <Button type="submit" loading={save.isPending}>
            <Trans>Save answer</Trans>
          </Button>
        </form>
      </Card>
      <Card title={t`Help answers`} titleId="ops-help">
        {answers.isPending ? (
          <SkeletonRows rows={3} />
        ) : answers.isError ? (
          <ErrorState error={answers.error} onRetry={() => void answers.refetch()} compact />
        ) : answers.data.length === 0 ? (
          <EmptyState title={<Trans>No help answers yet</Trans>} />
        ) : (
          <ul className="ops-list" data-testid="ops-help-answers">
            {answers.data.map((a) => (
              <li key={a.id}>
                <strong>
                  {a.id} · {a.category}
                </strong>{' '}
                {a.sample && <Badge tone="warn"><Trans>Sample</Trans></Badge>}
                <div className="muted">{a.texts.map((x) => `${x.locale}: ${x.question}`).join(' · ')}</div>
                <Button variant="danger" onClick={() => remove.mutate(a.id)} loading={remove.isPending && remove.variables === a.id}>
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  )
}
