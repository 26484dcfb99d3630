import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { accountApi, RecordKind } from '#contract/account.ts'
import { api, API_BASE, ApiError } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

export type RecordFilter = { kind?: RecordKind; from?: number; to?: number }

const PAGE_SIZE = 20

export const recordQueries = {
  // balance_update on the socket invalidates userKeys.records too (src/app/realtime.tsx).
  list: (userId: UserId, filter: RecordFilter) =>
    infiniteQueryOptions({
      queryKey: [...userKeys.records(userId), 'list', filter],
      queryFn: asUser(userId, ({ pageParam }: { pageParam: number }) =>
        api(accountApi.transactionRecord, { query: { ...filter, page: pageParam, size: PAGE_SIZE } }),
      ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
  /** The active book, whose events the record lists (for its badge): the balance screen's query, one cache entry. */
  balance: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.balance(userId), 'current'],
      queryFn: asUser(userId, () => api(accountApi.getBalance)),
      staleTime: STALE.minute,
    }),
  /** The kinds the record of the current book holds, for the filter: it offers no kind that would find nothing. */
  kinds: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.records(userId), 'kinds'],
      queryFn: asUser(userId, async () => {
        const totals = await api(accountApi.transactionTotals, { query: {} })
        const present = new Set(totals.list.map((t) => t.kind))
        return RecordKind.options.filter((kind) => present.has(kind))
      }),
      staleTime: STALE.minute,
    }),
}

/**
 * Downloads the CSV. A plain link cannot carry the Authorization header, so the file is fetched with it and saved
 * through a Blob URL.
 */
export async function downloadRecordCsv(filter: Pick<RecordFilter, 'from' | 'to'>): Promise<void> {
  const session = getSession()
  const qs = new URLSearchParams()
  if (filter.from !== undefined) qs.set('from', String(filter.from))
  if (filter.to !== undefined) qs.set('to', String(filter.to))
  const response = await fetch(`${API_BASE}${accountApi.exportTransactionRecord.path}${qs.size ? `?${qs}` : ''}`, {
    headers: { Authorization: session.token ?? '', Language: session.language },
  })
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { msg?: string } | null
    throw new ApiError(response.status, envelope?.msg ?? response.statusText)
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the download; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
