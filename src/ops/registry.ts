// The console's pages. Each is one file src/ops/pages/<name>.page.ts exporting `page: OpsPage`, found here by
// import.meta.glob: a new page or queue needs no edit of a shared file. Its component is loaded lazily, so each page is
// its own chunk of the console's bundle.
import type { ComponentType, LazyExoticComponent } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { mayCall, type Operator, type OperatorRole } from '#contract/ops.ts'

export type OpsPage = {
  /** The URL under /ops/: 'users' is /ops/users. Lower-case letters, digits and '-'. */
  path: string
  /** Nav label and page title: msg`Users`. */
  title: MessageDescriptor
  /** Who sees the page ('admin' sees every page); the server checks every call again. */
  roles: readonly OperatorRole[]
  /** Position in the nav, lowest first. */
  order: number
  component: LazyExoticComponent<ComponentType> | ComponentType
}

const modules = import.meta.glob<{ page: OpsPage }>('./pages/*.page.ts', { eager: true })

export const OPS_PAGES: readonly OpsPage[] = Object.values(modules)
  .map((m) => m.page)
  .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path))

export const pagesFor = (operator: Operator) => OPS_PAGES.filter((page) => mayCall(operator.roles, page.roles))
