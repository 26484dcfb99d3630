// Claims: /createRechargePlat with its proof, the on-chain check of what the claimed transaction did, and the re-check
// of claims waiting for confirmations (chain follower). Who holds a transfer claimed twice: deposits.claim-record.ts.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Hash } from 'viem'
import type { CheckProblem, CreateRechargePlat, Deposit, DepositCheck } from '#contract/deposits.ts'
import { AppError } from '../../app-error.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { scaleOf } from '../../ledger/legs.ts'
import { requireLiveTerms } from '../content/legal-gate.ts'
import { ownedUpload } from '../uploads/uploads.service.ts'
import { chainOf, paidTo, transfersOfTx } from './chain.ts'
import { recordClaim, type ClaimValues } from './deposits.claim-record.ts'
import { creditDeposit } from './deposits.credit.ts'
import { hasRpc, provenAddresses, pushDepositUpdate, toDeposit, type DepositRow } from './deposits.service.ts'
import { depositsOpen, isFollowed, networkOf, type NetworkConfig } from './funds.service.ts'
import { deposits } from './funds.table.ts'

/** What a claimed transaction did on chain, against the network's terms and the amount claimed. */
export async function checkClaimOnChain(
  app: FastifyInstance,
  config: NetworkConfig,
  txHash: string,
  claimed: string,
  proven: readonly string[],
): Promise<{ check: DepositCheck; logIndex: number | null; blockNumber: number | null }> {
  const checkedAt = app.now()
  const found = await transfersOfTx(chainOf(app.conf.ethRpcUrl!), txHash as Hash)
  if (found.status === 'notFound') return { check: { checkedAt, amount: null, from: null, confirmations: null, problems: ['notFound'] }, logIndex: null, blockNumber: null }
  if (found.status === 'failed') {
    return { check: { checkedAt, amount: null, from: null, confirmations: found.confirmations, problems: ['failed'] }, logIndex: null, blockNumber: found.blockNumber }
  }
  const paid = paidTo(found.transfers, config.depositAddress ?? '', config.tokenContract, config.tokenDecimals)
  const problems: CheckProblem[] = []
  if (!paid.first) problems.push('wrongAddress')
  else if (!new Decimal(paid.amount).eq(claimed)) problems.push('amountMismatch')
  if (paid.first && !proven.includes(paid.first.from.toLowerCase())) problems.push('foreignSender')
  if (paid.first && new Decimal(paid.amount).lt(config.depositMin)) problems.push('belowMinimum')
  if (found.confirmations < config.confirmations) problems.push('notConfirmed')
  return {
    check: { checkedAt, amount: paid.first ? paid.amount : null, from: paid.first?.from ?? null, confirmations: found.confirmations, problems },
    logIndex: paid.first?.logIndex ?? null,
    blockNumber: found.blockNumber,
  }
}

/** Only "not confirmed yet" stands between the claim and its credit. */
const onlyWaiting = (problems: CheckProblem[]) => problems.length === 1 && problems[0] === 'notConfirmed'
/** /createRechargePlat: a claim with its proof. Checked on chain when the network is followed, else left for review. */
export async function createClaim(app: FastifyInstance, userId: string, body: CreateRechargePlat): Promise<Deposit> {
  await requireLiveTerms(app, userId)
  const config = await networkOf(app.db, body.currency, body.network)
  if (!depositsOpen(config)) throw new AppError(400, 'depositsClosed', { currency: body.currency, network: config.networkName })
  const txHash = body.txHash.toLowerCase()
  if (!txHash.endsWith(body.last6.toLowerCase())) throw new AppError(400, 'depositLast6Mismatch')
  const scale = await scaleOf(app.db, body.currency)
  if (new Decimal(body.amount).decimalPlaces() > scale) throw new AppError(400, 'depositTooPrecise', { currency: body.currency, scale })
  if (new Decimal(body.amount).lt(config.depositMin)) throw new AppError(400, 'depositBelowMinimum', { currency: body.currency, min: config.depositMin })
  const upload = await ownedUpload(app.db, body.screenshot, userId, 'deposit')
  if (!upload) throw new AppError(400, 'depositScreenshotMissing')

  const checked = isFollowed(config, hasRpc(app)) ? await checkClaimOnChain(app, config, txHash, body.amount, await provenAddresses(app.db, userId)) : null
  const problems = checked?.check.problems ?? null
  const status = problems !== null && (problems.length === 0 || onlyWaiting(problems)) ? 'pending' : 'review'
  // Whether another row already holds the transfer, and who wins it, is decided under the transfer's lock.
  const row = await settleClaim(app, {
    userId,
    currency: body.currency,
    network: body.network,
    source: 'claim',
    txHash,
    logIndex: checked?.logIndex ?? null,
    fromAddress: checked?.check.from ?? null,
    amount: body.amount,
    blockNumber: checked?.blockNumber ?? null,
    confirmations: Math.min(checked?.check.confirmations ?? 0, config.confirmations),
    confirmationsNeeded: config.confirmations,
    status,
    checkResult: checked?.check ?? null,
    last6: body.last6.toLowerCase(),
    screenshot: upload.id,
  })
  return toDeposit(row)
}

/**
 * Records a claim (deposits.claim-record.ts decides against the rows already holding its transfer), tells the users
 * whose claims it closed, and credits it when its check found nothing wrong.
 */
export async function settleClaim(app: FastifyInstance, values: ClaimValues): Promise<DepositRow> {
  const { row, closed } = await recordClaim(app, values)
  for (const r of closed) await pushDepositUpdate(app, r.userId, { id: r.id.toString(), status: 'rejected', confirmations: r.confirmations })
  if (row.status === 'pending' && row.checkResult !== null && (row.checkResult as DepositCheck).problems.length === 0) return (await creditDeposit(app, row)) ?? row
  return row
}

/** Re-checks the claims waiting for confirmations; credits those that now match. Leader only (chain follower). */
export async function recheckPendingClaims(app: FastifyInstance): Promise<number> {
  const rows = await app.db.select().from(deposits).where(and(eq(deposits.source, 'claim'), eq(deposits.status, 'pending')))
  let credited = 0
  for (const row of rows) {
    const config = await networkOf(app.db, row.currency, row.network)
    const { check } = await checkClaimOnChain(app, config, row.txHash, row.amount, await provenAddresses(app.db, row.userId))
    const confirmations = Math.min(check.confirmations ?? 0, row.confirmationsNeeded)
    if (check.problems.length === 0) {
      await app.db.update(deposits).set({ checkResult: check, confirmations }).where(eq(deposits.id, row.id))
      if (await creditDeposit(app, { ...row, confirmations })) credited++
    } else if (onlyWaiting(check.problems)) {
      if (confirmations !== row.confirmations) {
        await app.db.update(deposits).set({ checkResult: check, confirmations, updatedAt: new Date() }).where(eq(deposits.id, row.id))
        await pushDepositUpdate(app, row.userId, { id: row.id.toString(), status: 'pending', confirmations })
      }
    } else {
      // The transfer changed (a reorganisation): an operator decides.
      await app.db.update(deposits).set({ checkResult: check, status: 'review', updatedAt: new Date() }).where(eq(deposits.id, row.id))
      await pushDepositUpdate(app, row.userId, { id: row.id.toString(), status: 'review', confirmations })
    }
  }
  return credited
}
