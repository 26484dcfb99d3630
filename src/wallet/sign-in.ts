// Wallet sign-in (docs/api.md, "Sign-in"): personal_sign of 'welcome login' + the millisecond timestamp, sent as hex
// with the address, then POST /checkSign. The wallet is asked for nothing else: an injected wallet directly, a
// wallet app over WalletConnect's relay (the same connector interface).
import { getConnection } from 'wagmi/actions'
import { toHex } from 'viem'
import { authApi, signInMessage } from '#contract/auth.ts'
import { api } from '../lib/api.ts'
import { beginSession } from '../lib/session-lifecycle.ts'
import { wagmiConfig } from './config.ts'
import { rememberWallet } from './remembered.ts'
import { problemOf } from './wallet-notice.ts'

/** refused: the wallet or its user said no; offline: WalletConnect could not reach the wallet in time. */
export type SignInResult = 'signed' | 'refused' | 'rejected' | 'offline'

let inFlight: Promise<SignInResult> | null = null

/** Asks the wallet to sign and exchanges the signature for a token. One attempt at a time. */
export function signIn(address: `0x${string}`): Promise<SignInResult> {
  inFlight ??= run(address).finally(() => (inFlight = null))
  return inFlight
}

async function run(address: `0x${string}`): Promise<SignInResult> {
  const timeStamp = Date.now()
  const message = signInMessage(timeStamp)
  let sign: `0x${string}`
  try {
    // personal_sign with the message as hex and the address: the one signature the app ever asks for. Straight to
    // the connector's EIP-1193 provider, which keeps viem's transaction code out of the first-visit bundle.
    const { connector } = getConnection(wagmiConfig)
    const provider = (await connector?.getProvider()) as { request: (a: { method: string; params: unknown[] }) => Promise<unknown> } | undefined
    if (!provider) return 'refused'
    const result = await provider.request({ method: 'personal_sign', params: [toHex(message), address] })
    if (typeof result !== 'string' || !result.startsWith('0x')) return 'refused'
    sign = result as `0x${string}`
  } catch (error) {
    return problemOf(error)
  }
  try {
    const token = await api(authApi.checkSign, { body: { address, message, sign, timeStamp } })
    await beginSession(token, address)
    rememberWallet(true)
    return 'signed'
  } catch {
    // The product shows nothing when the server turns a sign-in down; the user can simply sign again.
    return 'rejected'
  }
}
