// The console's side of funds: the deposits waiting for a decision (with what the chain showed), approve and reject,
// and the settings of each currency on each network. Every action commits with its audit row (ops/audit.ts); an
// approval posts its journal in the same transaction under the transfer's key, so approving twice, or approving what
// the follower credits meanwhile, credits once.
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { opsFundsApi, type OpsDeposit, type UpdateNetwork } from '#contract/ops-funds.ts'
import type { OperatorRole } from '#contract/ops.ts'
import { AppError } from '../../app-error.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { scaleOf } from '../../ledger/legs.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal } from '../../ledger/post.ts'
import { checksummed } from '../auth/auth.service.ts'
import { userLabels } from '../auth/users.repository.ts'
import { audit } from '../ops/audit.ts'
import { opsRoute } from '../ops/ops-route.ts'
import { creditJournal } from './deposits.credit.ts'
import { depositById, pushDepositUpdate, toDeposit, type DepositRow } from './deposits.service.ts'
import { listNetworks, networkOf } from './funds.service.ts'
import { senderProofs } from './sending-addresses.ts'
import { deposits, fundsNetworks } from './funds.table.ts'

async function opsDeposits(app: FastifyInstance, rows: DepositRow[]): Promise<OpsDeposit[]> {
  const [labels, proofs] = await Promise.all([userLabels(app.db, rows.map((r) => r.userId)), senderProofs(app.db, rows)])
  return rows.map((row, i) => ({
    ...toDeposit(row),
    userId: row.userId,
    user: labels.get(row.userId) ?? row.userId,
    last6: row.last6,
    screenshot: row.screenshot,
    chainChecked: row.checkResult !== null,
    senderProof: proofs[i] ?? null,
  }))
}

const WAITING = ['pending', 'review'] as const

async function depositsPage(app: FastifyInstance, query: { page: number; size: number; status: 'waiting' | 'all' }) {
  const where = query.status === 'waiting' ? inArray(deposits.status, [...WAITING]) : undefined
  const [rows, [total]] = await Promise.all([
    app.db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(query.size).offset((query.page - 1) * query.size),
    app.db.select({ n: count() }).from(deposits).where(where),
  ])
  return { list: await opsDeposits(app, rows), total: total?.n ?? 0, page: query.page, size: query.size }
}

type Operator = { id: string; name: string }
type OpsActor = Operator & { roles: readonly OperatorRole[] }

async function approve(app: FastifyInstance, operator: Operator, id: string, amount?: string): Promise<OpsDeposit> {
  const row = await depositById(app.db, id)
  const value = new Decimal(amount ?? row.amount).toFixed()
  const scale = await scaleOf(app.db, row.currency)
  if (new Decimal(value).decimalPlaces() > scale) throw new AppError(400, 'depositTooPrecise', { currency: row.currency, scale })
  const result = await app.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.id, row.id), inArray(deposits.status, [...WAITING])))
      .for('update')
    if (!locked) throw new AppError(409, 'depositNotWaiting')
    // The same transaction credited another way (the follower found it from the user's own address): not twice.
    const [other] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.network, locked.network), eq(deposits.txHash, locked.txHash), eq(deposits.status, 'credited')))
      .limit(1)
    if (other) throw new AppError(409, 'depositTxClaimed')
    const posted = await postJournal(tx, creditJournal(locked, value))
    const [updated] = await tx
      .update(deposits)
      .set({ status: 'credited', amount: value, journalId: posted.journalId, creditedAt: posted.createdAt, reviewedBy: operator.id, updatedAt: new Date() })
      .where(eq(deposits.id, locked.id))
      .returning()
    await audit(tx, operator, {
      action: 'deposits.approve',
      subject: `deposit:${id}`,
      before: { status: locked.status, amount: new Decimal(locked.amount).toFixed() },
      after: { status: 'credited', amount: value, journalId: posted.journalId, replayed: posted.replayed },
    })
    return { updated: updated!, posted }
  })
  if (!result.posted.replayed) await pushBalanceUpdates(app, result.posted)
  await pushDepositUpdate(app, row.userId, { id, status: 'credited', confirmations: result.updated.confirmations })
  return (await opsDeposits(app, [result.updated]))[0]!
}

async function reject(app: FastifyInstance, operator: Operator, id: string, reason: string): Promise<OpsDeposit> {
  const row = await depositById(app.db, id)
  const updated = await app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(deposits)
      .set({ status: 'rejected', rejectReason: reason, reviewedBy: operator.id, updatedAt: new Date() })
      .where(and(eq(deposits.id, row.id), inArray(deposits.status, [...WAITING])))
      .returning()
    if (!changed) throw new AppError(409, 'depositNotWaiting')
    await audit(tx, operator, { action: 'deposits.reject', subject: `deposit:${id}`, before: { status: row.status }, after: { status: 'rejected', reason } })
    return changed
  })
  await pushDepositUpdate(app, row.userId, { id, status: 'rejected', confirmations: updated.confirmations })
  return (await opsDeposits(app, [updated]))[0]!
}

/** EIP-55, or 400 when it is no address or its checksum fails. */
function evmAddress(value: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new AppError(400, 'depositAddressInvalid')
  try {
    return checksummed(value)
  } catch {
    throw new AppError(400, 'depositAddressInvalid')
  }
}

/** Ether and every EVM network's own coin: 18 decimals. */
const NATIVE_EVM_DECIMALS = 18

/**
 * A row is a token or the network's own coin from its creation on (migrations seed them): an update may point a token
 * at another contract, with that contract's decimals, but never turn it into the native coin (USDT credited as ether
 * transfers), nor give the native coin a contract or other decimals. Networks that are not EVM have no contracts.
 */
function fitsItsKind(before: { kind: string; tokenContract: string | null; tokenDecimals: number }, body: UpdateNetwork): boolean {
  const contract = body.tokenContract === undefined ? before.tokenContract : body.tokenContract
  const decimals = body.tokenDecimals ?? before.tokenDecimals
  if (before.kind !== 'evm') return contract === null
  if (before.tokenContract === null) return contract === null && decimals === NATIVE_EVM_DECIMALS
  const newContract = contract !== null && contract.toLowerCase() !== before.tokenContract.toLowerCase()
  // Decimals belong to the contract: they change only with it.
  return contract !== null && (decimals === before.tokenDecimals || newContract)
}

const decimalOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Decimal(value).toFixed())

async function updateNetwork(app: FastifyInstance, operator: OpsActor, body: UpdateNetwork) {
  const before = await networkOf(app.db, body.currency, body.network)
  // Who may pay alone is not a finance decision: a finance operator who could raise the amount could then approve a
  // large withdrawal by themselves. Withdrawals keep the requirement they were asked under (withdrawals.needs_second).
  const secondAbove = decimalOrNull(body.withdrawSecondConfirmAbove)
  const was = before.withdrawSecondConfirmAbove
  const secondChanged = secondAbove !== undefined && (secondAbove === null || was === null ? secondAbove !== was : !new Decimal(secondAbove).eq(was))
  if (secondChanged && !operator.roles.includes('admin')) throw new AppError(403, 'secondConfirmAdminOnly')
  const kind = before.kind
  let depositAddress = body.depositAddress
  if (depositAddress && kind === 'evm') depositAddress = evmAddress(depositAddress)
  const tokenDecimals = body.tokenDecimals ?? before.tokenDecimals
  const scale = await scaleOf(app.db, body.currency)
  if (!fitsItsKind(before, body)) throw new AppError(400, 'networkKindMismatch', { currency: body.currency, network: body.network })
  // A token finer than the ledger's scale would arrive in amounts the ledger cannot hold exactly.
  if (tokenDecimals > scale) throw new AppError(400, 'tokenDecimalsTooFine', { currency: body.currency, scale })
  for (const amount of [body.depositMin, body.withdrawFee, body.withdrawMin, body.withdrawDailyMax, body.withdrawKycAbove, body.withdrawSecondConfirmAbove]) {
    if (amount && new Decimal(amount).decimalPlaces() > scale) throw new AppError(400, 'amountTooPrecise', { amount, currency: body.currency, scale })
  }
  const changes = {
    networkName: body.networkName,
    depositEnabled: body.depositEnabled,
    depositAddress,
    depositMin: decimalOrNull(body.depositMin) ?? undefined,
    confirmations: body.confirmations,
    onChain: body.onChain,
    tokenContract: body.tokenContract === undefined ? undefined : body.tokenContract === null ? null : evmAddress(body.tokenContract),
    tokenDecimals: body.tokenDecimals,
    withdrawEnabled: body.withdrawEnabled,
    withdrawFee: decimalOrNull(body.withdrawFee) ?? undefined,
    withdrawFeeRate: decimalOrNull(body.withdrawFeeRate) ?? undefined,
    withdrawMin: decimalOrNull(body.withdrawMin) ?? undefined,
    withdrawDailyMax: decimalOrNull(body.withdrawDailyMax),
    withdrawKycAbove: decimalOrNull(body.withdrawKycAbove),
    withdrawSecondConfirmAbove: secondAbove,
  }
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  await app.db.transaction(async (tx) => {
    await tx
      .update(fundsNetworks)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(fundsNetworks.currency, body.currency), eq(fundsNetworks.network, body.network)))
    const after = await networkOf(tx, body.currency, body.network)
    await audit(tx, operator, { action: 'funds.updateNetwork', subject: `network:${body.currency}:${body.network}`, before, after })
    if (secondChanged) {
      await audit(tx, operator, {
        action: 'funds.secondConfirmAbove',
        subject: `network:${body.currency}:${body.network}`,
        before: { withdrawSecondConfirmAbove: before.withdrawSecondConfirmAbove },
        after: { withdrawSecondConfirmAbove: after.withdrawSecondConfirmAbove, appliesTo: 'withdrawals asked from now on' },
      })
    }
  })
  return networkOf(app.db, body.currency, body.network)
}

export function registerFundsOpsRoutes(app: FastifyInstance) {
  opsRoute(app, opsFundsApi.deposits, ({ query }) => depositsPage(app, query))
  opsRoute(app, opsFundsApi.approveDeposit, ({ body, operator }) => approve(app, operator, body.id, body.amount))
  opsRoute(app, opsFundsApi.rejectDeposit, ({ body, operator }) => reject(app, operator, body.id, body.reason))
  opsRoute(app, opsFundsApi.networks, () => listNetworks(app.db))
  opsRoute(app, opsFundsApi.updateNetwork, ({ body, operator }) => updateNetwork(app, operator, body))
}
