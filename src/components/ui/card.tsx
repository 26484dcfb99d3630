import type { ReactNode } from 'react'

type Props = { title?: ReactNode; titleId?: string; actions?: ReactNode; children: ReactNode; flush?: boolean }

/** A rounded surface; with a title it is a labelled section. `flush` drops the inner padding (for lists). */
export function Card({ title, titleId, actions, children, flush }: Props) {
  return (
    <section className={flush ? 'card flush' : 'card'} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <div className="card-head">
          {title && (
            <h2 id={titleId} className="card-title">
              {title}
            </h2>
          )}
          {actions && <div className="card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  )
}
