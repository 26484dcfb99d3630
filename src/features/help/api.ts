// The help center's data: published documents and help answers, in the reader's language (the key carries it, so a
// language switch reads the other text). Public answers: the service worker keeps them for offline reading.
import { queryOptions } from '@tanstack/react-query'
import { contentApi, type HelpCategory } from '#contract/content.ts'
import { api } from '../../lib/api.ts'
import { publicKeys } from '../../lib/query-keys.ts'
import { STALE } from '../../lib/stale.ts'

export type HelpSearch = { category?: HelpCategory; q?: string; page?: number; size?: number }

export const helpQueries = {
  documents: (language: string) =>
    queryOptions({ queryKey: [...publicKeys.content(), language, 'documents'], queryFn: () => api(contentApi.documents), staleTime: STALE.minute }),
  document: (language: string, type: string) =>
    queryOptions({
      queryKey: [...publicKeys.content(), language, 'document', type],
      queryFn: () => api(contentApi.document, { query: { type } }),
      staleTime: STALE.minute,
    }),
  text: (language: string, search: HelpSearch) =>
    queryOptions({
      queryKey: [...publicKeys.content(), language, 'text', search],
      queryFn: () => api(contentApi.text, { query: { size: 50, ...search } }),
      staleTime: STALE.minute,
    }),
}
