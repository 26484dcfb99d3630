import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { LanguageCode } from '#contract/locales.ts'
import { newsApi } from '#contract/news.ts'
import { api } from '../../lib/api.ts'
import { publicKeys } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

/** Articles per page in the news list. */
export const NEWS_PAGE_SIZE = 10

// `lang` goes in the query (not only the Language header) so each language is its own address: the service worker
// keeps the answers by address (sw/runtime.ts), and a reader who switches language never gets the other's copy.
export const newsQueries = {
  list: (lang: LanguageCode) =>
    infiniteQueryOptions({
      queryKey: [...publicKeys.news(), 'list', lang],
      queryFn: ({ pageParam }: { pageParam: number }) => api(newsApi.articles, { query: { page: pageParam, size: NEWS_PAGE_SIZE, lang } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
      staleTime: STALE.minute,
    }),
  article: (id: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: [...publicKeys.news(), 'article', id, lang],
      queryFn: () => api(newsApi.article, { query: { id, lang } }),
      staleTime: STALE.minute,
    }),
}
