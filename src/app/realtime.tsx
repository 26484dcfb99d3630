// Runs the live socket for the whole app: ticker frames feed the market cache (and IndexedDB for offline),
// new_message raises the unread flag, order and balance updates refresh their queries, and a tab that becomes
// visible again checks the socket after 1 000 ms and refreshes limit orders. Every key comes from the shared roots
// (src/lib/query-keys.ts), under the signed-in user's id.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Ticker } from '#contract/socket.ts'
import { LiveSocket, type SocketFrame } from '../lib/socket.ts'
import { authEvents } from '../lib/auth-events.ts'
import { configQueries } from '../lib/config-queries.ts'
import { userKeys } from '../lib/query-keys.ts'
import { getSession, subscribeSession, updateSession } from '../lib/session.ts'
import { applyTickers } from '../features/markets/api.ts'

export function socketUrl(): string {
  if (import.meta.env.VITE_WS_URL) return import.meta.env.VITE_WS_URL
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

export function Realtime() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey })
    const handle = (frame: SocketFrame) => {
      const { userId } = getSession()
      switch (frame.messageType) {
        case 'ticker':
          applyTickers(queryClient, frame.data as Ticker[])
          break
        case 'new_message':
          if (userId === null) break
          updateSession({ hasNewMessage: true })
          refresh(userKeys.messages(userId))
          break
        case 'order_update':
          if (userId !== null) refresh(userKeys.orders(userId))
          break
        case 'balance_update':
          if (userId === null) break
          refresh(userKeys.balance(userId))
          refresh(userKeys.records(userId))
          break
        case 'notice':
          refresh(configQueries.notice().queryKey)
          break
      }
    }
    const socket = new LiveSocket({
      url: socketUrl(),
      getToken: () => getSession().token,
      onMessage: handle,
      onVisible: () => {
        const { userId } = getSession()
        if (userId !== null) refresh(userKeys.limitOrders(userId))
      },
    })
    socket.start()
    let lastToken = getSession().token
    const unsubscribe = subscribeSession(() => {
      if (getSession().token !== lastToken) {
        const hadToken = lastToken !== null
        lastToken = getSession().token
        // Signed out or another account: start a fresh connection, so no user events arrive for the old account.
        if (lastToken === null || hadToken) {
          socket.stop()
          socket.start()
        } else socket.bind()
      }
    })
    const offSigned = authEvents.onSignedIn(() => void queryClient.invalidateQueries())
    const onVisibility = () => document.visibilityState === 'visible' && socket.handleVisible()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      unsubscribe()
      offSigned()
      socket.stop()
    }
  }, [queryClient])
  return null
}
