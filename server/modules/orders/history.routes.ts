import type { FastifyInstance } from 'fastify'
import { historyApi } from '#contract/history.ts'
import { route } from '../../route.ts'
import { positionHistory } from './history.ts'

export function registerHistoryRoutes(app: FastifyInstance) {
  route(app, historyApi.getPositionHistory, ({ user, query }) => positionHistory(app, user, query))
}
