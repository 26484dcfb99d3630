// wagmi restores an earlier connection when the wallet layer loads (exactly one attempt, here). Until that attempt
// has finished, "disconnected" means "not known yet", so the chain guard waits for it instead of flashing /empty.
import { useEffect, useState } from 'react'
import { reconnect } from 'wagmi/actions'
import { wagmiConfig } from './config.ts'

let settled: Promise<void> | null = null

/** Starts the one reconnect attempt (idempotent) and settles when it finished, either way. */
export function restoreWallet(): Promise<void> {
  // Connections read back from storage are only a list of candidates: reconnect() decides what is connected.
  settled ??= reconnect(wagmiConfig).then(
    () => undefined,
    () => undefined,
  )
  return settled
}

export function useWalletReady(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void restoreWallet().then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready
}
