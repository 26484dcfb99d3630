// buildApp(options): the whole server — database, bus, socket, simulator, API routes, static app — as one Fastify
// instance. main.ts and every test build it the same way; only the options differ.
import Fastify, { type FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { openDb } from './db/client.ts'
import { migrateDb } from './db/migrate.ts'
import { createTranslator } from './plugins/i18n.ts'
import { registerErrorHandling, sendEnvelope } from './plugins/errors.ts'
import { answerClientError, genReqId, rawAnswerHeaders, registerSecurity } from './plugins/security.ts'
import { logRequest, noteRefusal, OneLinePerRequest } from './plugins/request-log.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { registerStatic } from './plugins/static.ts'
import { registerManifestRoute } from './modules/config/manifest.routes.ts'
import { registerJsonParser } from './plugins/json.ts'
import { createMemoryBus, type Bus } from './realtime/bus.ts'
import { createRedisBus } from './realtime/redis-bus.ts'
import { createHub } from './realtime/hub.ts'
import { createSessionCache } from './modules/auth/session-cache.ts'
import { claimDeploymentName, databaseIdentity, deploymentNameOf } from './realtime/deployment.ts'
import { registerSocketRoutes, SOCKET_MAX_PAYLOAD, socketErrorHandler } from './realtime/socket.routes.ts'
import { startMarket } from './market/start.ts'
import { startEngine } from './market/engine/engine.ts'
import { createQuotes } from './market/quotes.ts'
import { createCandleBook } from './market/candles.ts'
import { startJobs } from './jobs/runner.ts'
import { logRetries } from './ledger/db-errors.ts'
import { pruneUsedSignatures } from './modules/auth/auth.service.ts'
import { pruneLoginCodes } from './modules/auth/login-code.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { registerConfigRoutes } from './modules/config/config.routes.ts'
import { registerAccountRoutes } from './modules/account/account.routes.ts'
import { registerPasswordRoutes } from './modules/password/password.routes.ts'
import { registerOidcRoutes } from './modules/oidc/oidc.routes.ts'
import { pruneOidcFlows } from './modules/oidc/oidc.service.ts'
import { registerInviteRoutes } from './modules/invite/invite.routes.ts'
import { registerMessageRoutes } from './modules/messages/messages.routes.ts'
import { registerSupportRoutes } from './modules/support/support.routes.ts'
import { registerNewsRoutes } from './modules/news/news.routes.ts'
import { registerMarketRoutes } from './modules/markets/markets.routes.ts'
import { registerManageRoutes } from './modules/orders/manage.routes.ts'
import { registerOrderRoutes } from './modules/orders/orders.routes.ts'
import { registerHistoryRoutes } from './modules/orders/history.routes.ts'
import { registerOpsRoutes } from './modules/ops/ops.routes.ts'
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts'
import { registerKycRoutes } from './modules/kyc/kyc.routes.ts'
import { registerFundsRoutes } from './modules/funds/funds.routes.ts'
import { startChainFollower } from './modules/funds/chain-follower.ts'
import { registerContentRoutes } from './modules/content/content.routes.ts'
import { registerContentTestHooks } from './modules/content/content.test-hooks.ts'
import { registerWithdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts'
import { registerEarnRoutes } from './modules/earn/earn.routes.ts'
import { registerStakingRoutes } from './modules/staking/staking.routes.ts'
import { registerFinancingRoutes } from './modules/financing/financing.routes.ts'
import { registerLiabilityRoutes } from './modules/liabilities/liabilities.routes.ts'
import { registerNftRoutes } from './modules/nfts/nfts.routes.ts'
import { registerLoanRoutes } from './modules/loans/loans.routes.ts'
import { resolveOptions, type AppOptions } from './options.ts'
import { setHouseShards } from './ledger/shards.ts'

/** How often each instance forgets used signatures that can never pass again. */
const PRUNE_EVERY_MS = 5 * 60 * 1000

export type { AppOptions } from './options.ts'

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const conf = resolveOptions(options)
  const app = Fastify({
    logger: typeof conf.logger === 'string' ? { level: conf.logger } : conf.logger,
    genReqId,
    bodyLimit: conf.bodyLimit,
    trustProxy: conf.trustProxy,
    // Errors raised before routing (a malformed URL) skip the error handler and every hook; they get the envelope
    // and the headers of every other answer here.
    frameworkErrors: (error, request, reply) => {
      noteRefusal(request, error.code ?? 'malformed')
      void sendEnvelope(reply.headers(rawAnswerHeaders(request.id)), app.translate, 400, 'invalidInput', { field: 'url' })
      logRequest(request, reply)
    },
    // A request Node could not parse (headers too large): answered on the socket, in the envelope.
    clientErrorHandler: (error, socket) => {
      const status = answerClientError(app.translate, error, socket)
      if (status !== null) app.log.info({ status, refused: error.code }, 'request')
    },
    logController: new OneLinePerRequest(),
  })
  // Resources are released in reverse order of acquisition, also when building fails half-way.
  const cleanups: Array<() => Promise<unknown>> = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => app.log.error({ err: error }, 'cleanup'))
  }
  try {
    const db = await openDb({ url: conf.databaseUrl, dataDir: conf.databaseUrl ? undefined : conf.pgliteDir })
    cleanups.push(db.close)
    await migrateDb(db)
    setHouseShards(db.db, conf.houseShards)
    app.decorate('db', db.db)
    app.decorate('dbKind', db.kind)
    app.decorate('now', conf.now)
    app.decorate('conf', conf)

    const translate = await createTranslator(conf.localesDir, app.log, () => conf.platformName)
    app.decorate('translate', translate)
    registerErrorHandling(app, translate)
    registerJsonParser(app)

    const databaseId = await databaseIdentity(app.db)
    const deploymentName = deploymentNameOf(conf.deploymentName, databaseId)
    const redisBus = conf.redisUrl ? await createRedisBus(conf.redisUrl, app.log, deploymentName) : null
    const bus: Bus = redisBus ?? createMemoryBus()
    cleanups.push(bus.close)
    if (redisBus) {
      const stopRenewing = await claimDeploymentName(redisBus.client, deploymentName, databaseId)
      cleanups.push(async () => stopRenewing())
    }
    const hub = createHub(bus, app.log)
    await hub.ready
    app.decorate('hub', hub)
    app.decorate('quotes', createQuotes(hub))
    const candles = createCandleBook()
    app.quotes.onBatch(candles.add)
    app.decorate('candles', candles)
    const sessionCache = createSessionCache()
    hub.onSessionEvent((event) => {
      if ('revoked' in event) sessionCache.forgetSessions(event.revoked)
      else if ('userChanged' in event) sessionCache.forgetUser(event.userChanged)
    })
    app.decorate('sessionCache', sessionCache)

    await registerSecurity(app, conf.corsOrigins, conf.hostedChat?.provider)
    await registerRateLimit(app, redisBus?.client ?? null, conf.rateLimit.timeWindowMs, deploymentName)
    await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD }, errorHandler: socketErrorHandler })
    registerSocketRoutes(app, redisBus ? { redis: redisBus.client, prefix: `${deploymentName}:`, log: app.log } : undefined)
    registerAuthRoutes(app)
    registerConfigRoutes(app)
    registerAccountRoutes(app)
    // The ledger's deadlock and serialization retries, one warning each: rare by design (bench:signups counts them).
    logRetries(app)
    registerPasswordRoutes(app)
    registerOidcRoutes(app)
    registerInviteRoutes(app)
    registerMessageRoutes(app)
    registerSupportRoutes(app)
    registerNewsRoutes(app)
    registerMarketRoutes(app)
    registerOrderRoutes(app)
    registerManageRoutes(app)
    registerHistoryRoutes(app)
    registerOpsRoutes(app)
    await registerUploadRoutes(app)
    registerKycRoutes(app)
    registerFundsRoutes(app)
    registerWithdrawalRoutes(app)
    registerEarnRoutes(app)
    registerStakingRoutes(app)
    registerFinancingRoutes(app)
    registerLiabilityRoutes(app)
    registerNftRoutes(app)
    registerLoanRoutes(app)
    registerContentRoutes(app)
    registerContentTestHooks(app)
    registerManifestRoute(app, conf.staticDir)
    await registerStatic(app, conf.staticDir)

    const market = startMarket(app, conf)
    cleanups.push(market.stop)
    // The order engine leads on its own lock; it stops before the database closes (cleanups run in reverse).
    const engine = startEngine(app, conf)
    cleanups.push(engine.stop)
    // Once-only jobs (pruning idempotency keys) run on the leader alone.
    const jobs = startJobs(app, conf)
    cleanups.push(jobs.stop)
    // With ETH_RPC_URL, deposits are followed on chain by the holder of their own lock.
    const follower = startChainFollower(app, conf)
    if (follower) cleanups.push(follower.stop)

    // Any instance may prune (DELETEs of what no sign-in can use again); each does so every few minutes.
    const pruning = setInterval(() => {
      pruneUsedSignatures(app.db, app.now()).catch((error: unknown) => app.log.warn({ err: error }, 'pruning used signatures failed'))
      pruneLoginCodes(app.db, app.now()).catch((error: unknown) => app.log.warn({ err: error }, 'pruning login codes failed'))
      pruneOidcFlows(app.db, app.now()).catch((error: unknown) => app.log.warn({ err: error }, 'pruning sign-in flows failed'))
    }, PRUNE_EVERY_MS)
    pruning.unref()
    cleanups.push(async () => clearInterval(pruning))
  } catch (error) {
    await cleanUp()
    throw error
  }
  app.addHook('onClose', cleanUp)
  return app
}
