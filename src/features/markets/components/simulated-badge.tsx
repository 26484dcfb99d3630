import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '../../../components/ui/badge.tsx'

/** Every view of simulated prices says so; the title explains it to those who wonder. */
export function SimulatedBadge() {
  const { t } = useLingui()
  return (
    <span title={t`Prices come from a built-in simulator, not a real market.`}>
      <Badge tone="warn" testId="simulated">
        <Trans>Simulated</Trans>
      </Badge>
    </span>
  )
}
