// Deposits: rows in `deposits` (0017_funds.sql) and their credit through the ledger. A deposit is credited by one
// journal keyed by the transfer (deposit:<network>:<tx>:<log>), so whoever credits it (the follower, a claim's
// check, an operator) and however often, the money arrives once; the row follows the journal (credited, journal id).
// Just over 300 lines: crediting (one transaction with its rows) and the claim's on-chain check share the row and the
// journal key; the console's side is already in funds.ops.ts.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Hash } from 'viem'
import type { CheckProblem, CreateRechargePlat, Deposit, DepositCheck, DepositInstructions, DepositPage, GasPrice, NetworkChoice } from '#contract/deposits.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { scaleOf } from '../../ledger/legs.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournalsInTx, type JournalInput, type Posted } from '../../ledger/post.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { userById } from '../auth/users.repository.ts'
import { requireLiveTerms } from '../content/legal-gate.ts'
import { ownedUpload } from '../uploads/uploads.service.ts'
import { chainOf, gasPriceGwei, paidTo, transfersOfTx } from './chain.ts'
import { addedAddresses } from './sending-addresses.ts'
import { depositsOpen, isFollowed, listNetworks, networkOf, publicNetwork, type NetworkConfig } from './funds.service.ts'
import { depositMonitors, deposits } from './funds.table.ts'

export type DepositRow = typeof deposits.$inferSelect

const plain = (value: string) => new Decimal(value).toFixed()

export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id.toString(),
    currency: row.currency,
    network: row.network,
    source: row.source,
    txHash: row.txHash,
    fromAddress: row.fromAddress,
    amount: plain(row.amount),
    confirmations: row.confirmations,
    confirmationsNeeded: row.confirmationsNeeded,
    status: row.status,
    check: (row.checkResult as DepositCheck | null) ?? null,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.getTime(),
    creditedAt: row.creditedAt?.getTime() ?? null,
  }
}

/** The ledger key of a transfer's credit: the same whoever credits it. */
export const depositKey = (row: Pick<DepositRow, 'network' | 'txHash' | 'logIndex'>) =>
  `deposit:${row.network}:${row.txHash}:${row.logIndex ?? 'claim'}`

const userAddress = async (db: Db, userId: string) => (await userById(db, userId))?.address ?? null

const hasRpc = (app: FastifyInstance) => Boolean(app.conf.ethRpcUrl)

/**
 * Addresses the user proved to hold, lower case: the sign-in wallet (its signature made the account), the ones they
 * asked to follow (addMonitor takes the sign-in wallet only) and the ones they added by signing a message with them
 * (sending-addresses.ts). A transaction hash is public, so a claim of a transfer from any other address may be
 * someone else's money: it waits for an operator. Read at each check, so a removed address stops counting.
 */
export async function provenAddresses(db: Db, userId: string): Promise<string[]> {
  const [own, monitors, added] = await Promise.all([
    userAddress(db, userId),
    db.select({ address: depositMonitors.address }).from(depositMonitors).where(eq(depositMonitors.userId, userId)),
    addedAddresses(db, userId),
  ])
  return [own, ...monitors.map((m) => m.address), ...added].filter((a): a is string => a !== null).map((a) => a.toLowerCase())
}

/** /initRechargeCode: what the deposit screen shows for one currency on one network. */
export async function depositInstructions(app: FastifyInstance, userId: string, choice: NetworkChoice): Promise<DepositInstructions> {
  const config = await networkOf(app.db, choice.currency, choice.network)
  return {
    network: publicNetwork(config, hasRpc(app)),
    fromAddress: await userAddress(app.db, userId),
    qrText: depositsOpen(config) ? config.depositAddress : null,
  }
}

/** /addMonitorAddressV2: follows transfers from the caller's own signed-in address on a network. */
export async function addMonitor(app: FastifyInstance, userId: string, network: string, address: string) {
  const own = await userAddress(app.db, userId)
  if (!own || own.toLowerCase() !== address.toLowerCase()) throw new AppError(400, 'monitorNotYours')
  const config = (await listNetworks(app.db)).find((c) => c.network === network)
  if (!config) throw new AppError(400, 'invalidInput', { field: 'network' })
  await app.db.insert(depositMonitors).values({ userId, network, address: own }).onConflictDoNothing()
  return { network, address: own, followed: isFollowed(config, hasRpc(app)) }
}

let gasCache: { value: GasPrice; at: number } | null = null
const GAS_CACHE_MS = 15_000

/** /getGasPrice: the node's gas price, cached a few seconds; null without a node. */
export async function gasPrice(app: FastifyInstance): Promise<GasPrice> {
  if (!app.conf.ethRpcUrl) return { gwei: null, updatedAt: null }
  const now = app.now()
  if (gasCache && now - gasCache.at < GAS_CACHE_MS) return gasCache.value
  const gwei = await gasPriceGwei(chainOf(app.conf.ethRpcUrl)).catch(() => null)
  if (gwei === null) return gasCache?.value ?? { gwei: null, updatedAt: null }
  gasCache = { value: { gwei, updatedAt: now }, at: now }
  return gasCache.value
}

export async function myDeposits(db: Db, userId: string, query: { page: number; size: number; status?: 'open' | 'all' | undefined }): Promise<DepositPage> {
  const where =
    query.status === 'open' ? and(eq(deposits.userId, userId), inArray(deposits.status, ['pending', 'review'])) : eq(deposits.userId, userId)
  const [rows, [total]] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(deposits).where(where),
  ])
  return { list: rows.map(toDeposit), total: total?.n ?? 0, page: query.page, size: query.size }
}

/** Tells the user's tabs that a deposit changed (the screen refetches); balance_update follows a credit. */
export async function pushDepositUpdate(app: FastifyInstance, userId: string, data: { id: string; status: string; confirmations: number }) {
  await app.hub.publishToUser(userId, { messageType: 'deposit_update', data }).catch((error: unknown) => {
    app.log.warn({ err: error, userId }, 'deposit_update push failed')
  })
}

/** The journal that credits a deposit (its key is the transfer's, deposit:<network>:<tx>:<log>): house
 * deposits_clearing -> the user's live available. */
export function creditJournal(row: DepositRow, amount: string): JournalInput {
  const value = plain(amount)
  return {
    kind: 'deposit',
    reason: 'deposit.credit',
    reference: `${row.currency} ${row.network} ${row.txHash}`,
    idempotencyKey: depositKey(row),
    userId: row.userId,
    legs: [
      { account: { ownerId: row.userId, book: 'live', kind: 'available' }, amount: value, currency: row.currency },
      { account: { ownerId: null, book: 'live', kind: 'deposits_clearing' }, amount: new Decimal(value).negated().toFixed(), currency: row.currency },
    ],
  }
}

/**
 * Credits deposits to their users' live books, in one transaction: the rows still waiting (pending or in review) are
 * locked, their journals posted (each key makes a second credit a replay) and the rows marked credited, together. An
 * operator's rejection waits for the commit and then finds them credited; a row rejected first is never credited,
 * whatever the caller read before. Answers the rows credited now.
 */
export async function creditDeposits(app: FastifyInstance, rows: DepositRow[]): Promise<DepositRow[]> {
  if (rows.length === 0) return []
  const ids = `{${rows.map((r) => r.id.toString()).join(',')}}`
  const { credited, posted } = await retrying(() =>
    app.db.transaction(async (tx) => {
      const { rows: locked } = (await tx.execute(sql`
        SELECT id::text AS id FROM deposits WHERE id = ANY(${ids}::bigint[]) AND status IN ('pending', 'review') ORDER BY id FOR UPDATE`)) as unknown as {
        rows: { id: string }[]
      }
      const waiting = new Set(locked.map((r) => r.id))
      const todo = rows.filter((r) => waiting.has(r.id.toString()))
      if (todo.length === 0) return { credited: [] as DepositRow[], posted: [] as Posted[] }
      const outcomes = await postJournalsInTx(tx, todo.map((row) => creditJournal(row, row.amount)))
      const refusal = outcomes.find((o) => o instanceof AppError)
      if (refusal) throw refusal
      const done = outcomes as Posted[]
      const journals = done.map((p) => p.journalId)
      const times = done.map((p) => `"${p.createdAt.toISOString()}"`)
      await tx.execute(sql`
        UPDATE deposits d SET status = 'credited', journal_id = u.journal_id, credited_at = u.credited_at, updated_at = now()
        FROM unnest(${`{${todo.map((r) => r.id.toString()).join(',')}}`}::bigint[], ${`{${journals.join(',')}}`}::uuid[], ${`{${times.join(',')}}`}::timestamptz[])
          AS u(id, journal_id, credited_at)
        WHERE d.id = u.id`)
      return { credited: todo, posted: done }
    }),
  )
  const changed = credited.map((r) => ({ ...r, status: 'credited' as const }))
  // One balance_update and one deposit_update per user, however many of theirs were credited.
  const fresh = posted.filter((p) => !p.replayed)
  const touched = new Map(fresh.flatMap((p) => p.touched).map((t) => [`${t.userId}:${t.book}`, t]))
  await pushBalanceUpdates(app, { journalId: '', createdAt: new Date(), replayed: false, touched: [...touched.values()] })
  const latest = new Map(changed.map((r) => [r.userId, r]))
  for (const r of latest.values()) await pushDepositUpdate(app, r.userId, { id: r.id.toString(), status: 'credited', confirmations: r.confirmations })
  return changed
}

/** One deposit: creditDeposits of one. Answers the credited row, or null when it was no longer waiting. */
export async function creditDeposit(app: FastifyInstance, row: DepositRow): Promise<DepositRow | null> {
  const [done] = await creditDeposits(app, [row])
  if (!done) return null
  const [fresh] = await app.db.select().from(deposits).where(eq(deposits.id, row.id))
  return fresh ?? done
}

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

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {}
  return cause.code === '23505' || cause.cause?.code === '23505'
}

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
  // A transfer the follower already found (from the user's own address), or that another claim holds, is not claimed
  // again. A rejected claim holds nothing: its transfer's real sender may still claim it.
  const [seen] = await app.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.network, body.network), eq(deposits.txHash, txHash), ne(deposits.status, 'rejected')))
    .limit(1)
  if (seen) throw new AppError(409, 'depositTxClaimed')

  const checked = isFollowed(config, hasRpc(app)) ? await checkClaimOnChain(app, config, txHash, body.amount, await provenAddresses(app.db, userId)) : null
  const problems = checked?.check.problems ?? null
  const status = problems !== null && (problems.length === 0 || onlyWaiting(problems)) ? 'pending' : 'review'
  let row: DepositRow
  try {
    const [inserted] = await app.db
      .insert(deposits)
      .values({
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
      .returning()
    row = inserted!
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'depositTxClaimed')
    throw error
  }
  if (status === 'pending' && problems?.length === 0) row = (await creditDeposit(app, row)) ?? row
  return toDeposit(row)
}

/** One deposit by its id (operators); 404 when absent. */
export async function depositById(db: Db, id: string): Promise<DepositRow> {
  if (!/^\d{1,19}$/.test(id)) throw new AppError(404, 'depositNotFound')
  const [row] = await db.select().from(deposits).where(eq(deposits.id, BigInt(id)))
  if (!row) throw new AppError(404, 'depositNotFound')
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
