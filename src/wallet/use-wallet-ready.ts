// wagmi restores an earlier connection on load (here, not in WagmiProvider, so there is exactly one attempt). Until that attempt has finished, "disconnected" means "not known
// yet", so the chain guard waits for it instead of flashing /empty.
import { useEffect, useState } from 'react'
import { reconnect } from 'wagmi/actions'
import { wagmiConfig } from './config.ts'

let settled: Promise<void> | null = null

export function useWalletReady(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    settled ??= reconnect(wagmiConfig).then(
      () => undefined,
      () => undefined,
    )
    void settled.then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready
}
