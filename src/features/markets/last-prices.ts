// The last prices, kept in IndexedDB so a reload without a network still shows them with their time
// (docs/architecture.md, "Offline"). A few lines of the raw API instead of a library: one store, one key. Prices are public, so they stay
// across sign-out.
import type { Ticker } from '#contract/socket.ts'

const DB_NAME = 'keelson-prices'
const STORE = 'last'
const KEY = 'tickers'
/** Ticks arrive every second or so; writing the whole list at most this often is plenty. */
const SAVE_EVERY_MS = 2000

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

let db: Promise<IDBDatabase> | null = null
function open(): Promise<IDBDatabase> {
  db ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(STORE)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
  return db
}

/** The prices saved last, or none (no IndexedDB, nothing saved, or the browser refused). */
export async function loadLastPrices(): Promise<Ticker[]> {
  if (typeof indexedDB === 'undefined') return []
  try {
    const store = (await open()).transaction(STORE, 'readonly').objectStore(STORE)
    const saved = (await request(store.get(KEY))) as unknown
    return Array.isArray(saved) ? (saved as Ticker[]) : []
  } catch {
    return []
  }
}

async function save(tickers: Ticker[]) {
  try {
    await request((await open()).transaction(STORE, 'readwrite').objectStore(STORE).put(tickers, KEY))
  } catch {
    // A full quota or private mode: the prices are simply not kept for offline.
  }
}

let lastSave = 0
let pending: Ticker[] | null = null

/** Saves now if the last save is old enough (or `now`), else once SAVE_EVERY_MS has passed (the newest list wins). */
export function rememberLastPrices(tickers: Ticker[], now = false) {
  if (typeof indexedDB === 'undefined') return
  const wait = now ? 0 : lastSave + SAVE_EVERY_MS - Date.now()
  if (wait <= 0) {
    // A save already scheduled writes this newest list too, never the older one it was given.
    if (pending !== null) pending = tickers
    lastSave = Date.now()
    void save(tickers)
    return
  }
  const isScheduled = pending !== null
  pending = tickers
  if (isScheduled) return
  setTimeout(() => {
    const latest = pending!
    pending = null
    lastSave = Date.now()
    void save(latest)
  }, wait)
}
