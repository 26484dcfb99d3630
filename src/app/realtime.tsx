// Runs the live socket for the whole app: ticker frames feed the market cache, new_message raises the unread flag,
// order and balance updates refresh their queries, and a tab that becomes visible again checks the socket after
// 1 000 ms and refreshes limit orders.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Ticker } from '#contract/socket.ts'
import { LiveSocket, type SocketFrame } from '../lib/socket.ts'
import { authEvents } from '../lib/auth-events.ts'
import { getSession, subscribeSession, updateSession } from '../lib/session.ts'
import { marketQueries, mergeTickers } from '../features/markets/api.ts'

/** Query keys other features own; refreshed by socket events without importing those features. */
const LIMIT_ORDERS_KEY = ['orders', 'limit'] as const
const ORDERS_KEY = ['orders'] as const
const BALANCE_KEY = ['balance'] as const

export function socketUrl(): string {
  if (import.meta.env.VITE_WS_URL) return import.meta.env.VITE_WS_URL
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

export function Realtime() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const handle = (frame: SocketFrame) => {
      switch (frame.messageType) {
        case 'ticker':
          queryClient.setQueryData(marketQueries.tickers().queryKey, (old) => mergeTickers(old, frame.data as Ticker[]))
          break
        case 'new_message':
          updateSession({ hasNewMessage: true })
          void queryClient.invalidateQueries({ queryKey: ['messages'] })
          break
        case 'order_update':
          void queryClient.invalidateQueries({ queryKey: ORDERS_KEY })
          break
        case 'balance_update':
          void queryClient.invalidateQueries({ queryKey: BALANCE_KEY })
          void queryClient.invalidateQueries({ queryKey: ['records'] })
          break
        case 'notice':
          void queryClient.invalidateQueries({ queryKey: ['config', 'notice'] })
          break
      }
    }
    const socket = new LiveSocket({
      url: socketUrl(),
      getToken: () => getSession().token,
      onMessage: handle,
      onVisible: () => void queryClient.invalidateQueries({ queryKey: LIMIT_ORDERS_KEY }),
    })
    socket.start()
    let lastToken = getSession().token
    const unsubscribe = subscribeSession(() => {
      if (getSession().token !== lastToken) {
        lastToken = getSession().token
        // Signed out: start a fresh, unbound connection so no user events arrive for the old account.
        if (lastToken === null) {
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
