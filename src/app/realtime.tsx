// Runs the live socket while the app needs it, from the first idle moment after the page loaded
// (lib/after-first-screen.ts): when a screen shows prices (a market query has an observer) or a user is signed in;
// otherwise, as on a signed-out first visit without prices, there is no socket at all. Ticker
// frames feed the market cache (and IndexedDB for offline), new_message raises the unread flag, order and balance
// updates refresh their queries, a tab that becomes visible again checks the socket after 1 000 ms and refreshes
// limit orders, and a 4001 close (the server revoked the session) signs the app out without asking the wallet.
// Every key comes from the shared roots (src/lib/query-keys.ts), under the signed-in user's id.
import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Ticker } from '#contract/socket.ts'
import { LiveSocket, socketUrl, type SocketFrame } from '../lib/socket.ts'
import { emitOrderUpdate } from '../lib/order-events.ts'
import { authEvents } from '../lib/auth-events.ts'
import { configQueries } from '../lib/config-queries.ts'
import { publicKeys, userKeys } from '../lib/query-keys.ts'
import { getSession, subscribeSession, updateSession } from '../lib/session.ts'
import { forgetRevokedSession } from '../lib/session-lifecycle.ts'
import { applyTickers } from '../features/markets/api.ts'
import { afterFirstScreen } from '../lib/after-first-screen.ts'

/** A socket nobody needs any more closes after this long (a screen change rarely leaves prices for good). */
const IDLE_CLOSE_MS = 10_000

const showsPrices = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ queryKey: publicKeys.market() }).some((q) => q.getObserversCount() > 0)

/**
 * Ticker frames arriving within one frame of the screen are applied together: each application re-renders every
 * price row, and a burst of frames (a reconnect, a busy market) was a burst of long tasks (Lighthouse's TBT).
 */
function tickerBatcher(queryClient: QueryClient) {
  let pending: Ticker[] = []
  const flush = () => {
    const batch = pending
    pending = []
    applyTickers(queryClient, batch)
  }
  return (tickers: Ticker[]) => {
    if (pending.length === 0) {
      // A hidden page gets no animation frames; its prices still update (the offline copy stays fresh).
      if (document.visibilityState === 'visible') requestAnimationFrame(flush)
      else setTimeout(flush, 0)
    }
    pending = pending.concat(tickers)
  }
}

function handler(queryClient: QueryClient) {
  const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey })
  const applyLater = tickerBatcher(queryClient)
  return (frame: SocketFrame) => {
    const { userId } = getSession()
    switch (frame.messageType) {
      case 'ticker':
        applyLater(frame.data as Ticker[])
        break
      case 'new_message':
        if (userId === null) break
        updateSession({ hasNewMessage: true })
        refresh(userKeys.messages(userId))
        break
      case 'order_update':
        if (userId === null) break
        refresh(userKeys.orders(userId))
        emitOrderUpdate(frame.data)
        break
      case 'kyc_update':
        if (userId !== null) refresh(userKeys.kyc(userId))
        break
      case 'deposit_update':
        if (userId !== null) refresh(userKeys.deposits(userId))
        break
      case 'balance_update':
        if (userId === null) break
        refresh(userKeys.balance(userId))
        refresh(userKeys.records(userId))
        refresh(userKeys.tradeAccount(userId))
        break
      case 'support_message':
        if (userId !== null) refresh(userKeys.support(userId))
        break
      case 'notice':
        refresh(configQueries.notice().queryKey)
        break
    }
  }
}

export function Realtime() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const socket = new LiveSocket({
      url: socketUrl(),
      getToken: () => getSession().token,
      onMessage: handler(queryClient),
      onSessionEnded: forgetRevokedSession,
      // The live connection's state on the page (<html data-live="connecting|open|closed">): it starts after the first
      // screen (afterFirstScreen), and the browser tests wait for "open" before an event they expect to see live.
      onStatus: (status) => {
        document.documentElement.dataset.live = status
        if (status !== 'open') delete document.documentElement.dataset.liveUser
      },
      // <html data-live-user="bound">: the user's own events (messages, order updates) now arrive live.
      onBound: (ok) => {
        if (ok) document.documentElement.dataset.liveUser = 'bound'
        else delete document.documentElement.dataset.liveUser
      },
      onVisible: () => {
        const { userId } = getSession()
        if (userId !== null) void queryClient.invalidateQueries({ queryKey: userKeys.limitOrders(userId) })
      },
    })
    let running = false
    // The first screen renders (with the prices kept in IndexedDB) before the socket connects: its first frames are
    // the whole book, parsed and rendered, and they piled onto the first render's long tasks.
    let firstScreenDone = false
    let idleTimer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      if (!firstScreenDone) return
      const needed = getSession().token !== null || showsPrices(queryClient)
      if (needed) {
        clearTimeout(idleTimer)
        idleTimer = undefined
        if (!running) socket.start()
        running = true
      } else if (running && idleTimer === undefined) {
        idleTimer = setTimeout(() => {
          idleTimer = undefined
          running = false
          socket.stop()
        }, IDLE_CLOSE_MS)
      }
    }
    const cancelStart = afterFirstScreen(() => {
      firstScreenDone = true
      update()
    })
    const offCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'observerAdded' || event.type === 'observerRemoved') update()
    })
    let lastToken = getSession().token
    const offSession = subscribeSession(() => {
      const token = getSession().token
      if (token === lastToken) return
      const hadToken = lastToken !== null
      lastToken = token
      // Signed out or another account: a fresh connection, so no user events arrive for the old account.
      if (running && (token === null || hadToken)) {
        socket.stop()
        socket.start()
      } else if (running) socket.bind()
      update()
    })
    const offSigned = authEvents.onSignedIn(() => void queryClient.invalidateQueries())
    const onVisibility = () => document.visibilityState === 'visible' && running && socket.handleVisible()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      cancelStart()
      clearTimeout(idleTimer)
      offCache()
      offSession()
      offSigned()
      socket.stop()
    }
  }, [queryClient])
  return null
}
