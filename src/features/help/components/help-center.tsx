// The help center: a search over the answers in the reader's language, the categories with their counts, the
// answers, and the documents. Each answer opens in place (a <details>), so reading needs no further request and the
// whole center reads offline from the service worker's copy.
import { useDeferredValue, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { HELP_SEARCH_MAX, type HelpAnswer, type HelpCategory } from '#contract/content.ts'
import { LANGUAGES } from '#contract/locales.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { IconFile, IconHelp, IconSearch } from '../../../components/ui/icons.tsx'
import { List, ListRow } from '../../../components/ui/list-row.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { useSession } from '../../../lib/session.ts'
import { helpQueries, type HelpSearch } from '../api.ts'
import { HELP_DOCS } from '../documents.ts'

export const CATEGORY_NAMES: Record<HelpCategory, MessageDescriptor> = {
  start: msg`Getting started`,
  account: msg`Account and sign-in`,
  funds: msg`Deposits and withdrawals`,
  trading: msg`Trading`,
  security: msg`Security`,
}

export function HelpCenter() {
  const { t, i18n } = useLingui()
  const language = useSession((s) => s.language)
  const [typed, setTyped] = useState('')
  const q = useDeferredValue(typed.trim())
  const overview = useQuery(helpQueries.text(language, {}))
  return (
    <>
      <TextField
        type="search"
        label={t`Search help`}
        placeholder={t`For example: deposit`}
        maxLength={HELP_SEARCH_MAX}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        data-testid="help-search"
      />
      {q ? (
        <Answers search={{ q }} />
      ) : (
        <>
          {overview.data && overview.data.categories.length > 0 && (
            <Card flush title={t`Topics`}>
              <List label={t`Topics`}>
                {overview.data.categories.map(({ category, count }) => (
                  <ListRow key={category} icon={<IconHelp />} label={i18n._(CATEGORY_NAMES[category])} detail={String(count)} to="/help/{-$type}" params={{ type: category }} />
                ))}
              </List>
            </Card>
          )}
          <Answers search={{}} />
        </>
      )}
      <Card flush title={t`Documents`}>
        <List label={t`Documents`}>
          {Object.entries(HELP_DOCS)
            .filter(([type]) => type !== 'center')
            .map(([type, label]) => (
              <ListRow key={type} icon={<IconFile />} label={i18n._(label)} to="/help/{-$type}" params={{ type }} />
            ))}
        </List>
      </Card>
    </>
  )
}

export function HelpCategoryAnswers({ category }: { category: HelpCategory }) {
  return <Answers search={{ category }} />
}

function Answers({ search }: { search: HelpSearch }) {
  const { t } = useLingui()
  const language = useSession((s) => s.language)
  const { data, error, isPending, refetch } = useQuery({ ...helpQueries.text(language, search), placeholderData: keepPreviousData })
  if (isPending) return <Card><SkeletonRows rows={3} /></Card>
  if (error && !data) return <Card><ErrorState error={error} onRetry={() => void refetch()} /></Card>
  if (!data || data.list.length === 0)
    return (
      <Card>
        {search.q ? (
          <EmptyState icon={<IconSearch size={32} />} title={<Trans>No answer matches your search.</Trans>} />
        ) : (
          <EmptyState icon={<IconHelp size={32} />} title={<Trans>No answers have been published yet.</Trans>} />
        )}
      </Card>
    )
  return (
    <Card flush title={search.q ? t`Results` : t`Questions and answers`}>
      <ul className="help-answers" data-testid="help-answers">
        {data.list.map((answer) => (
          <AnswerItem key={answer.id} answer={answer} />
        ))}
      </ul>
    </Card>
  )
}

function AnswerItem({ answer }: { answer: HelpAnswer }) {
  const shownIn = LANGUAGES.find((l) => l.code === answer.locale)?.name ?? answer.locale
  return (
    <li>
      <details className="help-answer" data-testid="help-answer">
        <summary>{answer.question}</summary>
        <div className="help-answer-body">
          {answer.sample && (
            <Badge tone="warn">
              <Trans>Sample, replace before launch</Trans>
            </Badge>
          )}
          {answer.fallback && (
            <p className="muted doc-fallback">
              <Trans>Not yet published in your language; shown in {shownIn}.</Trans>
            </p>
          )}
          <div className="article-body prose" dangerouslySetInnerHTML={{ __html: answer.html }} />
        </div>
      </details>
    </li>
  )
}
