// The operator's partners (/getPartners), on /aboutUs. Names only, each a link when the operator gave
// one (https, checked by the server); with `showEmpty` it says so when there are none.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Card } from '../../../components/ui/card.tsx'
import { partnerQueries } from '../api.ts'
import '../partners.css'

export function PartnerList({ showEmpty = false }: { showEmpty?: boolean }) {
  const { t } = useLingui()
  const { data } = useQuery(partnerQueries.list())
  if (!data || (data.length === 0 && !showEmpty)) return null
  return (
    <Card title={t`Partners`} titleId="partners-title">
      {data.length === 0 ? (
        <p className="muted" data-testid="partners-empty">
          <Trans>No partners are listed yet.</Trans>
        </p>
      ) : (
        <ul className="partners" data-testid="partners">
          {data.map((p) => (
            <li key={p.id}>
              {p.url ? (
                <a href={p.url} target="_blank" rel="noopener noreferrer">
                  {p.name}
                </a>
              ) : (
                p.name
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
