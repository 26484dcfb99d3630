import { queryOptions } from '@tanstack/react-query'
import { contentApi, type AcceptDocuments } from '#contract/content.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'

export const legalQueries = {
  /** The language is in the key: the titles come in the reader's language. */
  status: (userId: UserId, language: string) =>
    queryOptions({ queryKey: [...userKeys.legal(userId), language], queryFn: asUser(userId, () => api(contentApi.legalStatus)), staleTime: 0 }),
}

export const acceptDocuments = (body: AcceptDocuments) => api(contentApi.accept, { body })
