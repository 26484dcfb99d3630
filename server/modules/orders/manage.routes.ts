// The endpoints of managing positions and orders (src/contract/orders-manage.ts, manage.service.ts).
import type { FastifyInstance } from 'fastify'
import { manageApi } from '#contract/orders-manage.ts'
import { route } from '../../route.ts'
import { closeAllPositions, editLimitOrder, modifyOrderStops, partialClosePosition } from './manage.service.ts'

export function registerManageRoutes(app: FastifyInstance) {
  route(app, manageApi.modifyOrderStops, ({ user, body }) => modifyOrderStops(app, user, body))
  route(app, manageApi.partialClosePosition, ({ user, body }) => partialClosePosition(app, user, body))
  route(app, manageApi.editLimitOrder, ({ user, body, idempotencyKey }) => editLimitOrder(app, user, body, idempotencyKey))
  route(app, manageApi.closeAllPositions, ({ user, body }) => closeAllPositions(app, user, body))
}
