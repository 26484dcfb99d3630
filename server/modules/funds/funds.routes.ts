import type { FastifyInstance } from 'fastify'
import { fundsApi } from '#contract/funds.ts'
import { route } from '../../route.ts'
import { currencyNetList } from './funds.service.ts'
import { registerDepositRoutes } from './deposits.routes.ts'
import { registerFundsOpsRoutes } from './funds.ops.ts'

export function registerFundsRoutes(app: FastifyInstance) {
  route(app, fundsApi.currencyNetList, () => currencyNetList(app.db, Boolean(app.conf.ethRpcUrl)))
  registerDepositRoutes(app)
  registerFundsOpsRoutes(app)
}
