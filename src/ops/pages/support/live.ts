// The console's own socket while the support page is open: bound with the operator's token (bind_operator), it gets
// support_message for every conversation, and the lists refresh without polling (docs/api.md, "Support chat").
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { LiveSocket, socketUrl } from '../../../lib/socket.ts'
import { getOpsSession } from '../../session.ts'

export const SUPPORT_KEY = ['ops', 'support'] as const

export function useSupportLive() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const socket = new LiveSocket({
      url: socketUrl(),
      getToken: () => getOpsSession()?.token ?? null,
      bindAs: 'bind_operator',
      onMessage: (frame) => {
        if (frame.messageType === 'support_message') void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY })
      },
      onStatus: (status) => {
        document.documentElement.dataset.live = status
      },
    })
    socket.start()
    return () => socket.stop()
  }, [queryClient])
}
