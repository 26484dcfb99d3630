import type { ReactNode } from 'react'

type Props = { icon?: ReactNode; title: ReactNode; body?: ReactNode; action?: ReactNode }

/** What a screen or list shows when there is nothing yet: one icon, one sentence, one way forward. */
export function EmptyState({ icon, title, body, action }: Props) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-icon">{icon}</div>}
      <p className="empty-title">{title}</p>
      {body && <p className="empty-body">{body}</p>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  )
}
