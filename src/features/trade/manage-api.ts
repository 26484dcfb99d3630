// Mutations of managing positions and orders (src/contract/orders-manage.ts): each sends its Idempotency-Key and
// refreshes the orders, the balance and the record, as the ticket's do (api.ts).
import { useMutation } from '@tanstack/react-query'
import { manageApi, type CloseAll, type EditLimit, type ModifyStops, type PartialClose } from '#contract/orders-manage.ts'
import { api } from '../../lib/api.ts'
import { useRefreshOrders } from './api.ts'

type Sent<B> = { body: B; idempotencyKey: string }

export function useModifyStops() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: ({ body, idempotencyKey }: Sent<ModifyStops>) => api(manageApi.modifyOrderStops, { body, idempotencyKey }), onSuccess: refresh })
}

export function useEditLimit() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: ({ body, idempotencyKey }: Sent<EditLimit>) => api(manageApi.editLimitOrder, { body, idempotencyKey }), onSuccess: refresh })
}

export function usePartialClose() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: ({ body, idempotencyKey }: Sent<PartialClose>) => api(manageApi.partialClosePosition, { body, idempotencyKey }), onSuccess: refresh })
}

export function useCloseAll() {
  const refresh = useRefreshOrders()
  return useMutation({ mutationFn: ({ body, idempotencyKey }: Sent<CloseAll>) => api(manageApi.closeAllPositions, { body, idempotencyKey }), onSuccess: refresh })
}
