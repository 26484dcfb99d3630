// Loans (docs/api.md "Loans"): the borrower's endpoints, the console's, and the two agreement downloads, which answer
// the PDF itself rather than the envelope (so they cannot go through route(); their failures still do).
import type { FastifyInstance, FastifyReply } from 'fastify'
import { loansApi } from '#contract/loans.ts'
import { opsLoansApi } from '#contract/ops-loans.ts'
import { Int8Id } from '#contract/endpoint.ts'
import { AppError } from '../../app-error.ts'
import { requireUser, tokensIssuedAfter } from '../../plugins/auth.ts'
import { languageOf } from '../../plugins/errors.ts'
import { route } from '../../route.ts'
import { opsRoute, requireOperator } from '../ops/ops-route.ts'
import { approveLoan, fundReserve, lendingReserve, opsAgreement, opsLoanPage, rejectLoan } from './loans.ops.ts'
import { agreementOf, applyLoan, loanTerms, myAgreement, myLoans, repayLoan, signLoan } from './loans.service.ts'
import { registerLoanTestHooks } from './test-hooks.routes.ts'

export function registerLoanRoutes(app: FastifyInstance) {
  registerLoanTestHooks(app)
  route(app, loansApi.terms, ({ user }) => loanTerms(app, user))
  route(app, loansApi.apply, ({ user, body, idempotencyKey, request }) => applyLoan(app, user, body, idempotencyKey, languageOf(request)))
  route(app, loansApi.sign, ({ user, body }) => signLoan(app, user, body))
  route(app, loansApi.repay, ({ user, body, idempotencyKey }) => repayLoan(app, user, body, idempotencyKey))
  route(app, loansApi.list, ({ user, query }) => myLoans(app, user.id, query.page, query.size))
  opsRoute(app, opsLoansApi.list, ({ query }) => opsLoanPage(app, query))
  opsRoute(app, opsLoansApi.approve, ({ operator, body }) => approveLoan(app, operator, body.id))
  opsRoute(app, opsLoansApi.reject, ({ operator, body }) => rejectLoan(app, operator, body))
  opsRoute(app, opsLoansApi.reserve, () => lendingReserve(app))
  opsRoute(app, opsLoansApi.fund, ({ operator, body }) => fundReserve(app, operator, body))
  registerAgreementRoutes(app)
}

const idOf = (query: unknown): string => {
  const parsed = Int8Id.safeParse((query as { id?: unknown } | null)?.id)
  if (!parsed.success) throw new AppError(400, 'invalidInput', { field: 'id' })
  return parsed.data
}

const sendPdf = (reply: FastifyReply, id: string, pdf: Uint8Array) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="loan-agreement-${id}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf))

function registerAgreementRoutes(app: FastifyInstance) {
  const rateLimit = { max: app.conf.rateLimit.max, timeWindow: app.conf.rateLimit.timeWindowMs }
  app.route({
    method: 'GET',
    url: `/api${loansApi.agreement.path}`,
    config: { rateLimit },
    handler: async (request, reply) => {
      const user = await requireUser(app.db, request, tokensIssuedAfter(app))
      const id = idOf(request.query)
      return sendPdf(reply, id, await myAgreement(app, user.id, id))
    },
  })
  app.route({
    method: 'GET',
    url: '/api/ops/loans/agreement',
    config: { rateLimit },
    handler: async (request, reply) => {
      await requireOperator(app, request, opsLoansApi.list.roles)
      const id = idOf(request.query)
      return sendPdf(reply, id, await agreementOf(app, await opsAgreement(app, id)))
    },
  })
}
