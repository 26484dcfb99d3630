// Currencies on networks: the configuration deposits and withdrawals read (funds_networks, 0017_funds.sql). Rows are
// few and read on every deposit screen and chain poll, so they are read whole; an edit (updateNetwork) writes the row.
import { asc, eq, and, sql } from 'drizzle-orm'
import type { CurrencyNets, FundsNetwork } from '#contract/funds.ts'
import { AppError } from '../../app-error.ts'
import type { DbOrTx } from '../../ledger/types.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { fundsNetworks } from './funds.table.ts'

/** One currency on one network with every setting, amounts as plain decimal strings ('10', not '10.000…'). */
export type NetworkConfig = {
  currency: string
  network: string
  networkName: string
  kind: 'evm' | 'other'
  tokenContract: string | null
  tokenDecimals: number
  sort: number
  depositEnabled: boolean
  depositAddress: string | null
  depositMin: string
  confirmations: number
  onChain: boolean
  withdrawEnabled: boolean
  withdrawFee: string
  withdrawFeeRate: string
  withdrawMin: string
  withdrawDailyMax: string | null
  withdrawKycAbove: string | null
  withdrawSecondConfirmAbove: string | null
}

const plain = (value: string) => new Decimal(value).toFixed()
const plainOrNull = (value: string | null) => (value === null ? null : plain(value))

function configOf(row: typeof fundsNetworks.$inferSelect): NetworkConfig {
  return {
    currency: row.currency,
    network: row.network,
    networkName: row.networkName,
    kind: row.kind,
    tokenContract: row.tokenContract,
    tokenDecimals: row.tokenDecimals,
    sort: row.sort,
    depositEnabled: row.depositEnabled,
    depositAddress: row.depositAddress,
    depositMin: plain(row.depositMin),
    confirmations: row.confirmations,
    onChain: row.onChain,
    withdrawEnabled: row.withdrawEnabled,
    withdrawFee: plain(row.withdrawFee),
    withdrawFeeRate: plain(row.withdrawFeeRate),
    withdrawMin: plain(row.withdrawMin),
    withdrawDailyMax: plainOrNull(row.withdrawDailyMax),
    withdrawKycAbove: plainOrNull(row.withdrawKycAbove),
    withdrawSecondConfirmAbove: plainOrNull(row.withdrawSecondConfirmAbove),
  }
}

/** Every configured network, in the operators' order. */
export async function listNetworks(db: DbOrTx): Promise<NetworkConfig[]> {
  const rows = await db.select().from(fundsNetworks).orderBy(asc(fundsNetworks.sort), asc(fundsNetworks.currency), asc(fundsNetworks.network))
  return rows.map(configOf)
}

/** One currency on one network; 400 unknownNetwork when it is not configured. */
export async function networkOf(db: DbOrTx, currency: string, network: string): Promise<NetworkConfig> {
  const [row] = await db
    .select()
    .from(fundsNetworks)
    .where(and(eq(fundsNetworks.currency, currency), eq(fundsNetworks.network, network)))
  if (!row) throw new AppError(400, 'unknownNetwork', { currency, network })
  return configOf(row)
}

/** Deposits are open on a network: enabled and a receiving address set. */
export const depositsOpen = (c: NetworkConfig) => c.depositEnabled && c.depositAddress !== null

/** Transfers on this network are followed on chain when the server has a node (ethRpcUrl). */
export const isFollowed = (c: NetworkConfig, hasRpc: boolean) => hasRpc && c.onChain && c.kind === 'evm'

/** What the app is told about a network: everything but operator-only settings. */
export function publicNetwork(c: NetworkConfig, hasRpc: boolean): FundsNetwork {
  return {
    currency: c.currency,
    network: c.network,
    networkName: c.networkName,
    evm: c.kind === 'evm',
    tokenContract: c.tokenContract,
    tokenDecimals: c.tokenDecimals,
    deposit: {
      open: depositsOpen(c),
      address: c.depositAddress,
      min: c.depositMin,
      confirmations: c.confirmations,
      onChain: c.onChain,
      followed: isFollowed(c, hasRpc),
    },
    withdraw: {
      enabled: c.withdrawEnabled,
      fee: c.withdrawFee,
      feeRate: c.withdrawFeeRate,
      min: c.withdrawMin,
      dailyMax: c.withdrawDailyMax,
      kycAbove: c.withdrawKycAbove,
    },
  }
}

/** /getCurrencyContainsNetList: currencies in the order of their first network, each with its networks. */
export async function currencyNetList(db: DbOrTx, hasRpc: boolean): Promise<CurrencyNets[]> {
  const configs = await listNetworks(db)
  const { rows } = (await db.execute(sql`SELECT code, scale FROM currencies`)) as unknown as { rows: { code: string; scale: number }[] }
  const scales = new Map(rows.map((r) => [r.code, Number(r.scale)]))
  const byCurrency = new Map<string, CurrencyNets>()
  for (const c of configs) {
    const entry = byCurrency.get(c.currency) ?? { currency: c.currency, scale: scales.get(c.currency) ?? 0, networks: [] }
    entry.networks.push(publicNetwork(c, hasRpc))
    byCurrency.set(c.currency, entry)
  }
  return [...byCurrency.values()]
}
