// /help/$type: the help center (search, categories, answers, documents), one category's answers, or one document.
// Answers and documents are the operator's Markdown rendered and sanitised by the server, shown as they come.
import { Trans, useLingui } from '@lingui/react/macro'
import { HELP_CATEGORIES, type HelpCategory } from '#contract/content.ts'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { HELP_DOCS } from '../documents.ts'
import { DocumentView } from './document-view.tsx'
import { HelpCenter, HelpCategoryAnswers, CATEGORY_NAMES } from './help-center.tsx'
import '../help.css'

const isCategory = (type: string): type is HelpCategory => (HELP_CATEGORIES as readonly string[]).includes(type)

export function HelpScreen({ type }: { type: string }) {
  const { i18n } = useLingui()
  if (isCategory(type)) {
    return (
      <article className="article">
        <PageHeader title={i18n._(CATEGORY_NAMES[type])} back="/help/center" />
        <HelpCategoryAnswers category={type} />
      </article>
    )
  }
  if (type !== 'center' && type in HELP_DOCS) {
    return (
      <article className="article">
        <PageHeader title={i18n._(HELP_DOCS[type]!)} back="/help/center" />
        <DocumentView type={type} />
      </article>
    )
  }
  return (
    <article className="article">
      <PageHeader title={<Trans>Help center</Trans>} back="/profile" />
      <HelpCenter />
    </article>
  )
}
