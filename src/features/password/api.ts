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
import { oidcApi, type OidcProvider } from '#contract/oidc.ts'
import { api } from '../../lib/api.ts'
import { STALE } from '../../lib/stale.ts'
import { beginSession } from '../../lib/session-lifecycle.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'

/**
 * The signed-in account, to know whether it has a password (an e-mail) at all. The same key and call as the account
 * feature's info query, so both read one cache entry (features do not import each other).
 */
export const passwordQueries = {
  account: (userId: UserId) =>
    queryOptions({ queryKey: [...userKeys.account(userId), 'info'], queryFn: asUser(userId, () => api(authApi.myAccountInfo)) }),
  /** Which of Google and Facebook this server is configured for: the buttons show only those. */
  providers: () => queryOptions({ queryKey: publicKeys.signInProviders(), queryFn: () => api(oidcApi.providers), staleTime: STALE.hour }),
  linked: (userId: UserId) =>
    queryOptions({ queryKey: userKeys.linkedProviders(userId), queryFn: asUser(userId, () => api(oidcApi.linked)) }),
}

/**
 * Leaves for the provider's page: the server answers its URL (and keeps the flow's secrets); the provider sends the
 * browser back to the server, which lands it home signed in (or on the account page, linked).
 */
export const useProviderSignIn = (link: boolean) =>
  useMutation({
    mutationFn: async (provider: OidcProvider) => {
      const { url } = await api(link ? oidcApi.link : oidcApi.start, { body: { provider } })
      window.location.assign(url)
    },
  })

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
