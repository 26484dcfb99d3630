import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import type { AccountType } from '#contract/auth.ts'
import { AccountScreen } from '../../features/account/components/account-screen.tsx'
import { BalancePanel } from '../../features/balance/components/balance-panel.tsx'
import { InvitePanel } from '../../features/invite/components/invite-panel.tsx'
import { RecordsPanel } from '../../features/records/components/records-panel.tsx'
import { NotificationsPanel } from '../../features/messages/components/notifications-panel.tsx'
import { ChangePasswordForm } from '../../features/password/components/change-password-form.tsx'
import { LinkedProviders } from '../../features/password/components/linked-providers.tsx'
import { OrdersSection } from './-orders-section.tsx'
import { WithdrawSection } from './-withdraw-section.tsx'
import { DepositSection } from './-deposit-section.tsx'
import { ProofSection } from './-proof-section.tsx'
import { VerificationPanel } from '../../features/kyc/components/verification-panel.tsx'
import { SupportEntry } from '../../features/support/components/support-entry.tsx'
import { SupportUnread } from '../../features/support/components/support-unread.tsx'

export const Route = createFileRoute('/_app/profile/{-$type}')({
  // ?linked=google or ?linkError=taken: back from linking a provider (server/modules/oidc/oidc.routes.ts).
  // ?book=live on the orders: a message's or a toast's link to an order of that book (-orders-section-body.tsx).
  validateSearch: (search: Record<string, unknown>): { linked?: string; linkError?: string; book?: AccountType } => ({
    ...(typeof search.linked === 'string' ? { linked: search.linked } : {}),
    ...(typeof search.linkError === 'string' ? { linkError: search.linkError } : {}),
    ...(search.book === 'demo' || search.book === 'live' ? { book: search.book } : {}),
  }),
  component: ProfileRoute,
})

/** The account sections other features fill; the rest keep the account feature's placeholder. */
function panelFor(type: string | undefined, { linked, linkError }: { linked?: string; linkError?: string }): ReactNode {
  switch (type) {
    case 'balance':
      return <BalancePanel />
    case 'records':
      return <RecordsPanel />
    case 'invite':
      return <InvitePanel />
    case 'notifications':
      return <NotificationsPanel />
    case 'password':
      return (
        <>
          <ChangePasswordForm />
          <LinkedProviders justLinked={linked} linkError={linkError} />
        </>
      )
    case 'orders':
      return <OrdersSection />
    case 'deposit':
      return <DepositSection />
    case 'withdraw':
      return <WithdrawSection />
    case 'proof':
      return <ProofSection />
    case 'verification':
      return <VerificationPanel />
    case 'contact':
      return <SupportEntry />
    default:
      return undefined
  }
}

function ProfileRoute() {
  const { type } = Route.useParams()
  return <AccountScreen section={type} panel={panelFor(type, Route.useSearch())} supportBadge={<SupportUnread />} />
}
