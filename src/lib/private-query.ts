// The query function of every private query. Without a user id there is nothing to fetch (skipToken: the query
// cannot run), and a query keyed by one user never fetches while another user's token is in the session.
import { skipToken } from '@tanstack/react-query'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from './api.ts'
import { getSession } from './session.ts'
import type { UserId } from './query-keys.ts'

export function asUser<A extends unknown[], T>(userId: UserId, fn: (...args: A) => Promise<T>): ((...args: A) => Promise<T>) | typeof skipToken {
  if (userId === null) return skipToken
  return (...args: A) => (getSession().userId === userId ? fn(...args) : Promise.reject(new ApiError(401, i18n._(msg`request error`))))
}
