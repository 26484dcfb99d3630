// Deposits: rows in `deposits` (0017_funds.sql), what the deposit screen reads and the console shares. Crediting is in
// deposits.credit.ts, claims and their on-chain check in deposits.claims.ts, and who holds a transfer claimed twice in
// deposits.claim-record.ts; the console's side is in funds.ops.ts.
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Deposit, DepositCheck, DepositInstructions, DepositPage, GasPrice, NetworkChoice } from '#contract/deposits.ts'
import { AppError } from '../../app-error.ts'
import type { Db } from '../../db/client.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { userById } from '../auth/users.repository.ts'
import { chainOf, gasPriceGwei } from './chain.ts'
import { addedAddresses } from './sending-addresses.ts'
import { isFollowed, listNetworks, networkOf, depositsOpen, publicNetwork } from './funds.service.ts'
import { depositMonitors, deposits } from './funds.table.ts'

export type DepositRow = typeof deposits.$inferSelect

export const plain = (value: string) => new Decimal(value).toFixed()

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

export const hasRpc = (app: FastifyInstance) => Boolean(app.conf.ethRpcUrl)

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

/** One deposit by its id (operators); 404 when absent. */
export async function depositById(db: Db, id: string): Promise<DepositRow> {
  if (!/^\d{1,19}$/.test(id)) throw new AppError(404, 'depositNotFound')
  const [row] = await db.select().from(deposits).where(eq(deposits.id, BigInt(id)))
  if (!row) throw new AppError(404, 'depositNotFound')
  return row
}
