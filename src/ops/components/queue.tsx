// A console queue: tabs over one list the server pages (waiting / decided, pending / verified ...), with its loading,
// error and empty states and the pager. Each queue page (deposits, identity reviews, withdrawals) gives its tabs, how
// to load a page and how to draw a row.
import { useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card } from '../../components/ui/card.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { Segmented } from '../../components/ui/segmented.tsx'
import { SkeletonRows } from '../../components/ui/skeleton.tsx'
import { Pager } from './pager.tsx'

type Props<Tab extends string, Item> = {
  title: ReactNode
  /** The list's accessible name. */
  label: string
  tabsLabel: string
  tabs: { value: Tab; label: string }[]
  /** Query keys start ['ops', name, tab, page]; a change invalidates ['ops', name]. */
  name: string
  size: number
  load: (tab: Tab, page: number) => Promise<{ list: Item[]; total: number }>
  empty: (tab: Tab) => ReactNode
  row: (item: Item) => ReactNode
  children?: ReactNode
}

export function Queue<Tab extends string, Item>({ title, label, tabsLabel, tabs, name, size, load, empty, row, children }: Props<Tab, Item>) {
  const [tab, setTab] = useState<Tab>(tabs[0]!.value)
  const [page, setPage] = useState(1)
  const query = useQuery({ queryKey: ['ops', name, tab, page], queryFn: () => load(tab, page), placeholderData: keepPreviousData, staleTime: 0 })
  return (
    <>
      <PageHeader title={title} />
      <Segmented<Tab>
        label={tabsLabel}
        value={tab}
        onChange={(next) => {
          setTab(next)
          setPage(1)
        }}
        options={tabs}
      />
      {query.isPending ? (
        <SkeletonRows rows={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <EmptyState title={empty(tab)} />
      ) : (
        <Card flush>
          <ul className="list" aria-label={label}>
            {query.data.list.map(row)}
          </ul>
        </Card>
      )}
      {query.data && <Pager page={page} size={size} total={query.data.total} onPage={setPage} />}
      {children}
    </>
  )
}
