// What the self-check page (/test) measures, each on its own and none private: whether a browser wallet is there and
// which chain it is on (never its address), whether the live socket opens and how long a ping takes, the service
// worker's version, how much this site stores, and the app's version. The report a user copies holds only these.
import { inflateFrame, socketUrl } from '../../lib/socket.ts'

type Eip1193 = { request: (args: { method: string }) => Promise<unknown> }

export type WalletCheck = { found: boolean; chainId: number | null }
export type SocketCheck = { connected: boolean; latencyMs: number | null }
export type StorageCheck = { usedBytes: number; quotaBytes: number } | null

/** Wallets that announce themselves (EIP-6963) within `waitMs`, else the injected window.ethereum. */
function findWallet(waitMs: number): Promise<Eip1193 | null> {
  return new Promise((resolve) => {
    const onAnnounce = (event: Event) => {
      const provider = (event as CustomEvent<{ provider?: Eip1193 }>).detail?.provider
      if (!provider) return
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      clearTimeout(timer)
      resolve(provider)
    }
    const timer = setTimeout(() => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      resolve((window as { ethereum?: Eip1193 }).ethereum ?? null)
    }, waitMs)
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
}

/** A browser wallet and its chain, asked with eth_chainId, which needs no permission and reveals no address. */
export async function checkWallet(): Promise<WalletCheck> {
  const provider = await findWallet(500)
  if (!provider) return { found: false, chainId: null }
  try {
    const hex = await withTimeout(provider.request({ method: 'eth_chainId' }), 3000)
    const chainId = typeof hex === 'string' ? Number.parseInt(hex, 16) : Number.NaN
    return { found: true, chainId: Number.isFinite(chainId) ? chainId : null }
  } catch {
    return { found: true, chainId: null }
  }
}

/** Opens a socket of its own (the app's may not be running), sends three pings, and takes the fastest pong. */
export function checkSocket(timeoutMs = 5000): Promise<SocketCheck> {
  return new Promise((resolve) => {
    let ws: WebSocket
    try {
      ws = new WebSocket(socketUrl())
    } catch {
      resolve({ connected: false, latencyMs: null })
      return
    }
    ws.binaryType = 'arraybuffer'
    let connected = false
    let best: number | null = null
    let sentAt = 0
    let pings = 0
    const finish = () => {
      clearTimeout(timer)
      ws.onclose = null
      ws.close()
      resolve({ connected, latencyMs: best === null ? null : Math.round(best) })
    }
    const timer = setTimeout(finish, timeoutMs)
    const ping = () => {
      pings += 1
      sentAt = performance.now()
      ws.send(JSON.stringify({ type: 'ping' }))
    }
    ws.onopen = () => {
      connected = true
      ping()
    }
    ws.onmessage = async (event: MessageEvent) => {
      if (typeof event.data === 'string') return
      const frame = await inflateFrame(new Uint8Array(event.data as ArrayBuffer))
      if (frame?.messageType !== 'pong') return
      const took = performance.now() - sentAt
      best = best === null ? took : Math.min(best, took)
      if (pings < 3) ping()
      else finish()
    }
    ws.onclose = finish
  })
}

/** The controlling service worker's version (sw/version.ts), or null when none controls the page or it does not answer. */
export function checkServiceWorker(timeoutMs = 2000): Promise<string | null> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null
  if (!controller) return Promise.resolve(null)
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(null), timeoutMs)
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      clearTimeout(timer)
      resolve(typeof event.data?.version === 'string' ? event.data.version : null)
    }
    controller.postMessage({ type: 'GET_VERSION' }, [channel.port2])
  })
}

export async function checkStorage(): Promise<StorageCheck> {
  if (!navigator.storage?.estimate) return null
  const { usage, quota } = await navigator.storage.estimate()
  return { usedBytes: usage ?? 0, quotaBytes: quota ?? 0 }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))])
}
