// Published content: legal documents (compliance publishes a new version, or this language's text of the current
// one), help answers and partners (support). Texts are Markdown; the app shows them rendered and sanitised by the
// server. Rows marked sample came with a fresh install (`node server/cli.ts content remove-samples` deletes them).
import { Trans } from '@lingui/react/macro'
import { DOCUMENT_PUBLISHERS, HELP_WRITERS } from '#contract/ops-content.ts'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { operatorMay, useOperator } from '../../session.ts'
import { DocumentsCard } from './documents-card.tsx'
import { HelpCard } from './help-card.tsx'
import { PartnersCard } from './partners-card.tsx'

export default function ContentPage() {
  const operator = useOperator()
  return (
    <>
      <PageHeader title={<Trans>Documents and help</Trans>} />
      <div className="ops-columns">
        {operatorMay(operator, DOCUMENT_PUBLISHERS) ? <DocumentsCard /> : null}
        {operatorMay(operator, HELP_WRITERS) ? <HelpCard /> : null}
        {operatorMay(operator, HELP_WRITERS) ? <PartnersCard /> : null}
      </div>
    </>
  )
}
