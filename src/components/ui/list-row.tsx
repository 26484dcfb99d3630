import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { IconChevron } from './icons.tsx'

export function List({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="list" aria-label={label}>
      {children}
    </ul>
  )
}

type RowProps = {
  icon?: ReactNode
  label: ReactNode
  detail?: ReactNode
  trailing?: ReactNode
  to?: string
  params?: Record<string, string>
  search?: Record<string, string>
  onClick?: () => void
  chevron?: boolean
  testId?: string
}

/** A list row at least 52 px tall; when it leads somewhere the whole row is the link or button. */
export function ListRow({ icon, label, detail, trailing, to, params, search, onClick, chevron, testId }: RowProps) {
  const showChevron = chevron ?? Boolean(to || onClick)
  const inner = (
    <>
      {icon && <span className="row-icon">{icon}</span>}
      <span className="row-text">
        <span className="row-label">{label}</span>
        {detail && <span className="row-detail">{detail}</span>}
      </span>
      {trailing !== undefined && <span className="row-trailing">{trailing}</span>}
      {showChevron && (
        <span className="row-chevron">
          <IconChevron size={18} />
        </span>
      )}
    </>
  )
  return (
    <li className="list-item">
      {to ? (
        // `to` is any route path of the app; the typed router cannot check a path held in a string prop.
        <Link to={to as '/'} params={params as never} search={search as never} className="row" data-testid={testId}>
          {inner}
        </Link>
      ) : onClick ? (
        <button type="button" className="row" onClick={onClick} data-testid={testId}>
          {inner}
        </button>
      ) : (
        <div className="row static" data-testid={testId}>
          {inner}
        </div>
      )}
    </li>
  )
}
