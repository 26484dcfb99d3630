import { useSyncExternalStore, type ReactNode } from 'react'
import { IconCheck, IconClose, IconInfo } from './icons.tsx'

type Kind = 'info' | 'success' | 'error'
type Item = { id: number; message: string; kind: Kind; action?: ReactNode; testId?: string }
/** A toast's extras: a link or button after the text (a link stays twice as long, to leave time to tap it). */
export type ToastOptions = { action?: ReactNode; testId?: string }

// A tiny store outside React, so `toast()` can be called from mutations and event handlers anywhere.
let items: Item[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
const SHOW_MS = 4000

export function toast(message: string, kind: Kind = 'info', options: ToastOptions = {}) {
  const id = nextId++
  items = [...items.slice(-2), { id, message, kind, ...options }]
  emit()
  setTimeout(() => dismiss(id), options.action ? SHOW_MS * 2 : kind === 'error' ? SHOW_MS * 1.5 : SHOW_MS)
}

function dismiss(id: number) {
  items = items.filter((i) => i.id !== id)
  emit()
}

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** Mounted once by the layout. Polite live region: always in the DOM, so screen readers hear what is added. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items, () => items)
  return (
    <div className="toaster" aria-live="polite" role="status">
      {list.map((i) => (
        <div key={i.id} className={`toast ${i.kind}`} data-testid={i.testId}>
          {i.kind === 'success' ? <IconCheck /> : i.kind === 'error' ? <IconClose /> : <IconInfo />}
          <span>{i.message}</span>
          {i.action}
        </div>
      ))}
    </div>
  )
}
