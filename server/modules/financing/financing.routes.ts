import type { FastifyInstance } from 'fastify'
import { financingApi } from '#contract/financing.ts'
import { opsFinancingApi } from '#contract/ops-financing.ts'
import { route } from '../../route.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { createProduct, opsProducts, setProductStatus } from './financing.ops.ts'
import { createOrder, earlyRedeem, listProducts, myOrders } from './financing.service.ts'

export function registerFinancingRoutes(app: FastifyInstance) {
  route(app, financingApi.products, ({ user }) => listProducts(app, user))
  route(app, financingApi.orders, ({ user, query }) => myOrders(app, user, query.page, query.size))
  route(app, financingApi.create, ({ user, body, idempotencyKey }) => createOrder(app, user, body, idempotencyKey))
  route(app, financingApi.redeem, ({ user, body, idempotencyKey }) => earlyRedeem(app, user, body, idempotencyKey))
  opsRoute(app, opsFinancingApi.products, () => opsProducts(app.db))
  opsRoute(app, opsFinancingApi.create, ({ operator, body }) => createProduct(app, operator, body))
  opsRoute(app, opsFinancingApi.status, ({ operator, body }) => setProductStatus(app, operator, body))
}
