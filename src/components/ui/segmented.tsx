import type { ReactNode } from 'react'

type Option<T extends string> = { value: T; label: ReactNode; disabled?: boolean }
type Props<T extends string> = { label: string; options: Option<T>[]; value: T; onChange: (v: T) => void; size?: 'md' | 'sm' }

/** A radiogroup of buttons; the selected option is filled with the raised surface, the others recede. */
export function Segmented<T extends string>({ label, options, value, onChange, size = 'md' }: Props<T>) {
  return (
    <div role="radiogroup" aria-label={label} className={`segmented ${size}`}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          disabled={o.disabled}
          tabIndex={o.value === value ? 0 : -1}
          className="segment"
          onClick={() => onChange(o.value)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
            const enabled = options.filter((x) => !x.disabled)
            const i = enabled.findIndex((x) => x.value === value)
            const next = enabled[(i + (e.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length]
            if (next) onChange(next.value)
          }}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}
