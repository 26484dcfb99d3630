// opsCall(endpoint, options): the console's way to the server. The app's api() (headers, timeout, envelope, error
// wording) with the operator's token; a 401 means the operator session is over, so the console shows its sign-in.
import type { DataOf } from '#contract/endpoint.ts'
import type { OpsEndpoint } from '#contract/ops.ts'
import { api, ApiError, type ApiOptions } from '../lib/api.ts'
import { endOpsSession, getOpsSession } from './session.ts'

export async function opsCall<E extends OpsEndpoint>(endpoint: E, options: Omit<ApiOptions<E>, 'token' | 'operatorToken'> = {}): Promise<DataOf<E>> {
  const token = getOpsSession()?.token
  try {
    return await api(endpoint, { ...options, operatorToken: token })
  } catch (error) {
    if (error instanceof ApiError && error.code === 401 && token && getOpsSession()?.token === token) endOpsSession()
    throw error
  }
}
