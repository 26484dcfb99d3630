import type { FastifyInstance } from 'fastify'
import { accountApi } from '#contract/account.ts'
import { AppError } from '../../app-error.ts'
import { createHealthCheck } from '../../ledger/health.ts'
import { reconcileBooks } from '../orders/orders.subledger.ts'
import { requireUser, tokensIssuedAfter } from '../../plugins/auth.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { exportRows, getBalance, resetDemo, transactionRecord, transactionTotals, updateAccountType } from './account.service.ts'
import { toCsv } from './csv.ts'

export function registerAccountRoutes(app: FastifyInstance) {
  route(app, accountApi.getBalance, ({ user }) => getBalance(app, user.id, user.accountType))
  route(app, accountApi.updateAccountType, ({ user, body }) => updateAccountType(app, user.id, body.accountType))
  route(app, accountApi.resetDemo, ({ user, idempotencyKey }) => resetDemo(app, user.id, idempotencyKey))
  route(app, accountApi.transactionRecord, ({ user, query, request }) =>
    transactionRecord(app, user.id, user.accountType, query, languageOf(request)),
  )
  route(app, accountApi.transactionTotals, ({ user, query }) => transactionTotals(app, user.id, user.accountType, query))
  // Anonymous callers learn ok / not ok only, from at most one full reconciliation a minute (ledger/health.ts).
  const ledgerHealth = createHealthCheck(() => reconcileBooks(app.db), app.now, (found) => app.log.error({ reconciliation: found }, 'ledger reconciliation failed'))
  route(app, accountApi.ledgerHealth, () => ledgerHealth(), { rateLimitMax: false })
  registerExportRoute(app)
}

/** The CSV export answers the file itself, not the envelope, so it cannot go through route(); failures still do. */
function registerExportRoute(app: FastifyInstance) {
  const endpoint = accountApi.exportTransactionRecord
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    config: { rateLimit: { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs } },
    handler: async (request, reply) => {
      const user = await requireUser(app.db, request, tokensIssuedAfter(app))
      const parsed = endpoint.query.safeParse(request.query)
      if (!parsed.success) throw new AppError(400, 'invalidInput', { field: parsed.error.issues[0]?.path.map(String).join('.') || 'query' })
      const rows = await exportRows(app, user.id, user.accountType, parsed.data, languageOf(request))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="keelson-transactions-${user.accountType}.csv"`)
        .header('cache-control', 'no-store')
        .send(toCsv(rows))
    },
  })
}
