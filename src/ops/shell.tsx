// The console's frame: on wide screens a side nav beside the page; on a phone a top bar with the operator and a
// scrolling row of pages. The nav lists only the pages the operator's roles open.
import { useEffect, useRef, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsApi, type OperatorRole } from '#contract/ops.ts'
import { Button } from '../components/ui/button.tsx'
import { IconShield, IconSignOut } from '../components/ui/icons.tsx'
import { LanguageSelect } from '../components/language-select.tsx'
import { useIsDesktop } from '../lib/use-is-desktop.ts'
import { opsCall } from './api.ts'
import { changeOpsLanguage } from './i18n.ts'
import { pagesFor } from './registry.ts'
import { endOpsSession, useOperator } from './session.ts'

export function useRoleLabel() {
  const { t } = useLingui()
  const labels: Record<OperatorRole, string> = {
    support: t({ message: 'Support', context: 'operator role' }),
    compliance: t({ message: 'Compliance', context: 'operator role' }),
    finance: t({ message: 'Finance', context: 'operator role' }),
    admin: t({ message: 'Admin', context: 'operator role' }),
  }
  return (role: OperatorRole) => labels[role]
}

export function OpsShell({ children }: { children: ReactNode }) {
  const { i18n, t } = useLingui()
  const operator = useOperator()
  const desktop = useIsDesktop()
  const roleLabel = useRoleLabel()
  const nav = useRef<HTMLElement>(null)
  const path = useRouterState({ select: (state) => state.location.pathname })
  // On a phone the nav is a scrolling row: keep the current page's link in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [path])
  const signOut = useMutation({
    mutationFn: () => opsCall(opsApi.signOut),
    // Signed out here whatever the server answered: the token is forgotten either way.
    onSettled: endOpsSession,
  })
  return (
    <div className={desktop ? 'layout desktop ops-layout' : 'layout ops-layout'}>
      <header className="ops-bar">
        <span className="ops-brand">
          <IconShield size={22} />
          <span className="ops-brand-text">
            <Trans>Operator console</Trans>
          </span>
        </span>
        <span className="ops-operator" data-testid="ops-operator">
          <strong>{operator.name}</strong>
          <span className="ops-roles">{operator.roles.map(roleLabel).join(', ')}</span>
        </span>
        <LanguageSelect id="ops-language" change={changeOpsLanguage} />
        <Button variant="ghost" onClick={() => signOut.mutate()} loading={signOut.isPending} aria-label={t`Sign out`}>
          <IconSignOut size={20} />
          {desktop && <Trans>Sign out</Trans>}
        </Button>
      </header>
      <nav ref={nav} className="ops-nav" aria-label={t`Console`}>
        {pagesFor(operator).map((page) => (
          <Link key={page.path} to={`/${page.path}` as '/'} className="ops-nav-link" activeProps={{ 'aria-current': 'page' }}>
            {i18n._(page.title)}
          </Link>
        ))}
      </nav>
      <main className="ops-main">{children}</main>
    </div>
  )
}
