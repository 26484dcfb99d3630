import type { ReactNode } from 'react'

type Props<T extends string> = { label: string; tabs: { id: T; label: ReactNode }[]; value: T; onChange: (id: T) => void }

/** An ARIA tablist; the panel below is the caller's (give it role="tabpanel" if it needs one). */
export function Tabs<T extends string>({ label, tabs, value, onChange }: Props<T>) {
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, i) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          tabIndex={tab.id === value ? 0 : -1}
          className="tab"
          onClick={() => onChange(tab.id)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
            const next = tabs[(i + step + tabs.length) % tabs.length]
            if (step && next) onChange(next.id)
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
