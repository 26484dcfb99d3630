import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { SupportUnread } from './support-unread.tsx'

/** /profile/contact: the way into the support chat, with its unread count. */
export function SupportEntry() {
  return (
    <Card>
      <p className="muted section-body">
        <Trans>Chat with our support team. Operators answer in the app, and you see their replies here live.</Trans>
      </p>
      <Link to="/help/{-$type}" params={{ type: 'support' }} className={buttonClass('primary', 'lg', true)} data-testid="open-support">
        <Trans>Open online support</Trans> <SupportUnread />
      </Link>
    </Card>
  )
}
