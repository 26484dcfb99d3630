// Whether this browser signed in with a wallet before (and did not sign out since). With it, a wallet announcing
// itself (EIP-6963) on a later visit loads the wallet layer, so a reload with a connected wallet keeps the session
// even when the stored address is gone; without it, a visitor's first visit never loads wagmi.
const KEY = 'keelson.wallet'

export function isWalletRemembered(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function rememberWallet(remember: boolean): void {
  try {
    if (remember) globalThis.localStorage?.setItem(KEY, '1')
    else globalThis.localStorage?.removeItem(KEY)
  } catch {
    // Private mode: the stored address still brings the wallet layer back.
  }
}
