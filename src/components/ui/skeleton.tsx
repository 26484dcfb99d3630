import type { CSSProperties } from 'react'
import { Trans } from '@lingui/react/macro'

type Props = { width?: string; height?: string; radius?: string }

/** One grey placeholder block; sizes are CSS lengths. Decorative: the group around it says "Loading". */
export function Skeleton({ width = '100%', height = '16px', radius }: Props) {
  // Custom properties, not layout styles: the class owns the look, the caller only the size.
  const vars = { '--sk-w': width, '--sk-h': height, ...(radius ? { '--sk-r': radius } : {}) } as CSSProperties
  return <span className="skeleton" style={vars} aria-hidden="true" />
}

/** A list-shaped placeholder that reserves the height of `rows` list rows, so nothing shifts when data arrives. */
export function SkeletonRows({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton-rows" role="status">
      <span className="visually-hidden">
        <Trans>Loading</Trans>
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <Skeleton width="36px" height="36px" radius="50%" />
          <span className="skeleton-lines">
            <Skeleton width="55%" height="14px" />
            <Skeleton width="35%" height="12px" />
          </span>
          <Skeleton width="64px" height="14px" />
        </div>
      ))}
    </div>
  )
}
