import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { buttonClass } from '../../components/ui/button.tsx'
import { IconSearch } from '../../components/ui/icons.tsx'

/** An address the app does not know, inside the layout (tabs stay), with a way home. */
export function NotFound() {
  const { t } = useLingui()
  return (
    <div data-testid="not-found">
      <PageHeader title={t`Page not found`} back="/" />
      <EmptyState
        icon={<IconSearch size={32} />}
        title={<Trans>This page does not exist</Trans>}
        body={<Trans>The link may be old or mistyped. Everything is still reachable from the home screen.</Trans>}
        action={
          <Link to="/" className={buttonClass('primary', 'lg')}>
            <Trans>Go to home</Trans>
          </Link>
        }
      />
    </div>
  )
}
