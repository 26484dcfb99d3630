import type { ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'md' | 'lg'

/** The class string of a button, for a <Link> or <a> that should look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false): string {
  return ['btn', variant, size === 'lg' ? 'lg' : '', block ? 'block' : ''].filter(Boolean).join(' ')
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; loading?: boolean }

export function Button({ variant = 'primary', size = 'md', block, loading, className, disabled, children, type = 'button', ...rest }: Props) {
  const cls = buttonClass(variant, size, block) + (className ? ` ${className}` : '')
  return (
    <button {...rest} type={type} className={cls} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  )
}
