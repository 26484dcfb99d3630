// E-mail sign-in calls. All mutations: nothing here is cached data, and a password never sits in a query key.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { authApi } from '#contract/auth.ts'
import {
  passwordApi,
  type EmailCodeQuery,
  type Login,
  type Register,
  type ResetCheckQuery,
  type ResetPassword,
  type UpdatePassword,
} from '#contract/password.ts'
import { api } from '../../lib/api.ts'
import { beginSession } from '../../lib/session-lifecycle.ts'
import { asUser } from '../../lib/private-query.ts'
import { userKeys, type UserId } from '../../lib/query-keys.ts'

/**
 * The signed-in account, to know whether it has a password (an e-mail) at all. The same key and call as the account
 * feature's info query, so both read one cache entry (features do not import each other).
 */
export const passwordQueries = {
  account: (userId: UserId) =>
    queryOptions({ queryKey: [...userKeys.account(userId), 'info'], queryFn: asUser(userId, () => api(authApi.myAccountInfo)) }),
}

/** The same session a wallet sign-in leaves, minus the address: the chain guard lets it in without a wallet. */
const signInWith = (token: string) => beginSession(token, null)

export const useSendEmailCode = () => useMutation({ mutationFn: (query: EmailCodeQuery) => api(passwordApi.emailCode, { query }) })

export const useLogin = () =>
  useMutation({ mutationFn: async (body: Login) => signInWith(await api(passwordApi.login, { body })) })

export const useRegister = () =>
  useMutation({ mutationFn: async (body: Register) => signInWith(await api(passwordApi.register, { body })) })

/** Recovery in two steps: the e-mailed code buys a one-time ticket, the ticket sets the password. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async ({ email, code, password }: ResetCheckQuery & Pick<ResetPassword, 'password'>) => {
      const { ticket } = await api(passwordApi.resetCheck, { query: { email, code } })
      return api(passwordApi.resetPassword, { body: { ticket, password } })
    },
  })

export const useUpdatePassword = () => useMutation({ mutationFn: (body: UpdatePassword) => api(passwordApi.updatePassword, { body }) })
