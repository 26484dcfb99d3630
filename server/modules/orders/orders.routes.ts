import type { FastifyInstance } from 'fastify'
import { ordersApi } from '#contract/orders.ts'
import { route } from '../../route.ts'
import {
  cancelLimitOrder,
  closePositionOrder,
  createContractOrder,
  createLimitOrder,
  getLimitOrder,
  getTradeAccount,
  listOrders,
} from './orders.service.ts'
import { sweepSettlementsPeriodically } from './orders.settlement.ts'
import { registerOrderTestHooks } from './test-hooks.routes.ts'

export function registerOrderRoutes(app: FastifyInstance) {
  sweepSettlementsPeriodically(app)
  registerOrderTestHooks(app)
  // Their keys are claimed in the transaction of their work (server/idempotency/in-transaction.ts).
  const inTx = { claimInTransaction: true }
  route(app, ordersApi.createContractOrder, ({ user, body, idempotencyKey, ticket }) => createContractOrder(app, user, body, idempotencyKey, ticket), inTx)
  route(app, ordersApi.createLimitOrder, ({ user, body, idempotencyKey, ticket }) => createLimitOrder(app, user, body, idempotencyKey, ticket), inTx)
  route(app, ordersApi.closePositionOrder, ({ user, body, ticket }) => closePositionOrder(app, user, body.orderNo, ticket), inTx)
  route(app, ordersApi.cancelLimitOrder, ({ user, body }) => cancelLimitOrder(app, user, body.orderNo))
  route(app, ordersApi.getContractOrderList, ({ user, query }) =>
    listOrders(app, user, query, query.status === 'open' ? { kind: 'contract', statuses: ['open'] } : { kind: 'contract', statuses: ['closed'], byClose: true }),
  )
  route(app, ordersApi.getLimitOrderList, ({ user, query }) =>
    listOrders(app, user, query, { kind: 'limit', statuses: query.status === 'pending' ? ['pending'] : ['filled', 'cancelled'] }),
  )
  route(app, ordersApi.getLimitOrder, ({ user, query }) => getLimitOrder(app, user, query.orderNo))
  route(app, ordersApi.getAllOrderList, ({ user, query }) => listOrders(app, user, query, {}))
  route(app, ordersApi.getTradeAccount, ({ user }) => getTradeAccount(app, user.id, user.accountType))
}
