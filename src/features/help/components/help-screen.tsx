// /help/$type: the help center and the company's documents. The licence page shows exactly what the operator
// configured and says so plainly when nothing is; other documents say when they have not been published.
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { configQueries } from '../../../lib/config-queries.ts'
import { HELP_DOCS } from '../documents.ts'

export function HelpScreen({ type }: { type: string }) {
  const { i18n } = useLingui()
  const title = HELP_DOCS[type] ?? HELP_DOCS.center!
  return (
    <article className="page-info">
      <h1>{i18n._(title)}</h1>
      {type === 'licence' ? <Licence /> : type === 'center' || !HELP_DOCS[type] ? <Topics /> : <Unpublished />}
    </article>
  )
}

function Licence() {
  const { data, isPending } = useQuery(configQueries.value('licence'))
  if (isPending) return null
  if (!data?.value)
    return (
      <p data-testid="licence-empty">
        <Trans>The operator has not configured any licence or supervision information.</Trans>
      </p>
    )
  return <p className="pre-line">{data.value}</p>
}

function Unpublished() {
  return (
    <p>
      <Trans>The operator has not published this document yet.</Trans>
    </p>
  )
}

function Topics() {
  const { i18n } = useLingui()
  return (
    <>
      <p>
        <Trans>Answers to common questions will appear here. Meanwhile these documents are available:</Trans>
      </p>
      <ul className="link-list">
        {Object.entries(HELP_DOCS)
          .filter(([type]) => type !== 'center')
          .map(([type, label]) => (
            <li key={type}>
              <Link to="/help/{-$type}" params={{ type }}>
                {i18n._(label)}
              </Link>
            </li>
          ))}
      </ul>
    </>
  )
}
