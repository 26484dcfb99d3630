import type { FastifyInstance } from 'fastify'
import { depositsApi } from '#contract/deposits.ts'
import { route } from '../../route.ts'
import { addMonitor, createClaim, depositInstructions, gasPrice, myDeposits } from './deposits.service.ts'

export function registerDepositRoutes(app: FastifyInstance) {
  route(app, depositsApi.initRechargeCode, ({ user, body }) => depositInstructions(app, user.id, body))
  route(app, depositsApi.createRechargePlat, ({ user, body }) => createClaim(app, user.id, body))
  route(app, depositsApi.addMonitorAddressV2, ({ user, body }) => addMonitor(app, user.id, body.network, body.address))
  route(app, depositsApi.gasPrice, () => gasPrice(app))
  route(app, depositsApi.myDeposits, ({ user, query }) => myDeposits(app.db, user.id, query))
}
