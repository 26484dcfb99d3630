// The chain follower (with ETH_RPC_URL): reads new blocks for transfers to the house's receiving addresses, from
// users' own signed-in (or followed) addresses, records each as a pending deposit, counts its confirmations and
// credits it once it has enough. One process follows: the holder of an advisory lock on PostgreSQL (market/leader.ts),
// the only process on PGlite.
//
// Exactly once: a transfer is one row (UNIQUE network, tx_hash, log_index: its place within its transaction, which a
// reorganisation does not change, chain.ts) and one journal (its key, deposit.service depositKey); its transaction is
// read again before it is credited (stillOnChain), so a dropped transfer is never credited. Restarts: the next block to read is stored (chain_cursors) in the same transaction as the rows found
// in the blocks before it, so a restart in the middle reads a range again and the unique key drops what it had.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { checksum as getAddress } from 'ox/Address'
import type { Hash } from 'viem'
import { alwaysLeader, leadWithAdvisoryLock, type Leadership } from '../../market/leader.ts'
import type { ResolvedOptions } from '../../options.ts'
import { Decimal } from '../../ledger/decimal.ts'
import { chainOf, confirmationsAt, headOf, nativeTransfers, tokenTransfers, transfersOfTx, unitsOf, type Chain, type ChainTransfer } from './chain.ts'
import { recheckPendingClaims } from './deposits.claims.ts'
import { creditDeposits } from './deposits.credit.ts'
import { pushDepositUpdate, type DepositRow } from './deposits.service.ts'
import { depositsOpen, isFollowed, listNetworks, type NetworkConfig } from './funds.service.ts'
import { userIdsByAddresses } from '../auth/users.repository.ts'
import { depositMonitors, deposits } from './funds.table.ts'

/** One RPC, one chain, one cursor. */
const CURSOR = 'evm'
/** Blocks read per getLogs call (providers cap ranges and answers). */
const BATCH_BLOCKS = 500
/** Blocks fetched whole per round when a native coin is followed. */
const BATCH_NATIVE_BLOCKS = 100

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export type FollowStep = { head: number; next: number; found: number; credited: number }

type Found = { transfer: ChainTransfer; config: NetworkConfig; userId: string }

async function readCursor(app: FastifyInstance, head: number, startBlock: number | undefined): Promise<number> {
  const start = startBlock ?? head
  await app.db.execute(sql`INSERT INTO chain_cursors (name, next_block) VALUES (${CURSOR}, ${start}) ON CONFLICT (name) DO NOTHING`)
  const [row] = rowsOf<{ next_block: string }>(await app.db.execute(sql`SELECT next_block::text AS next_block FROM chain_cursors WHERE name = ${CURSOR}`))
  return Number(row!.next_block)
}

/** Who owns each sending address: users' sign-in wallets and the addresses they asked to have followed. */
async function ownersOf(app: FastifyInstance, network: string, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map()
  const owners = await userIdsByAddresses(app.db, addresses)
  const monitored = await app.db
    .select({ userId: depositMonitors.userId, address: depositMonitors.address })
    .from(depositMonitors)
    .where(and(eq(depositMonitors.network, network), inArray(depositMonitors.address, addresses)))
  for (const m of monitored) if (!owners.has(m.address)) owners.set(m.address, m.userId)
  return owners
}

/** Reads [from, to]: the transfers to followed receiving addresses from known senders. */
async function readRange(app: FastifyInstance, chain: Chain, configs: NetworkConfig[], from: number, to: number): Promise<Found[]> {
  const byToken = new Map<string, NetworkConfig>()
  let native: NetworkConfig | null = null
  for (const c of configs) {
    if (c.tokenContract) byToken.set(c.tokenContract.toLowerCase(), c)
    else native ??= c
  }
  const receivers = [...new Set(configs.filter((c) => c.tokenContract).map((c) => getAddress(c.depositAddress!)))]
  const transfers = [
    ...(await tokenTransfers(chain, [...byToken.keys()].map((t) => getAddress(t)), receivers, from, to)),
    ...(native ? await nativeTransfers(chain, [getAddress(native.depositAddress!)], from, to) : []),
  ]
  const found: Found[] = []
  const candidates = transfers.flatMap((transfer) => {
    const config = transfer.token ? byToken.get(transfer.token.toLowerCase()) : native
    // Each currency arrives at its own configured address.
    return config && config.depositAddress && getAddress(config.depositAddress) === transfer.to ? [{ transfer, config }] : []
  })
  const byNetwork = new Map<string, typeof candidates>()
  for (const c of candidates) byNetwork.set(c.config.network, [...(byNetwork.get(c.config.network) ?? []), c])
  for (const [network, list] of byNetwork) {
    const owners = await ownersOf(app, network, [...new Set(list.map((c) => c.transfer.from))])
    for (const c of list) {
      const userId = owners.get(c.transfer.from)
      if (userId) found.push({ ...c, userId })
    }
  }
  return found
}

/** Records what a range held and moves the cursor past it, in one transaction. */
async function recordRange(app: FastifyInstance, candidates: Found[], head: number, next: number): Promise<DepositRow[]> {
  // A transaction someone claimed is the claim's to settle (its check or an operator), never credited twice.
  const hashes = [...new Set(candidates.map((f) => f.transfer.txHash.toLowerCase()))]
  const claimed = new Set<string>()
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await app.db
      .select({ txHash: deposits.txHash })
      .from(deposits)
      .where(and(eq(deposits.source, 'claim'), inArray(deposits.txHash, hashes.slice(i, i + 1000))))
    for (const r of rows) claimed.add(r.txHash)
  }
  const found = candidates.filter((f) => !claimed.has(f.transfer.txHash.toLowerCase()))
  return app.db.transaction(async (tx) => {
    const inserted: DepositRow[] = []
    for (let i = 0; i < found.length; i += 500) {
      const values = found.slice(i, i + 500).map(({ transfer: t, config, userId }) => {
        const amount = unitsOf(t.value, config.tokenDecimals)
        const below = new Decimal(amount).lt(config.depositMin)
        return {
          userId,
          currency: config.currency,
          network: config.network,
          source: 'chain' as const,
          txHash: t.txHash.toLowerCase(),
          logIndex: t.logIndex,
          fromAddress: t.from,
          amount,
          blockNumber: t.blockNumber,
          confirmations: Math.min(confirmationsAt(head, t.blockNumber), config.confirmations),
          confirmationsNeeded: config.confirmations,
          // Below the minimum: not credited on its own, an operator decides.
          status: below ? ('review' as const) : ('pending' as const),
          checkResult: below
            ? { checkedAt: app.now(), amount, from: t.from, confirmations: confirmationsAt(head, t.blockNumber), problems: ['belowMinimum'] }
            : null,
        }
      })
      // A zero transfer is no deposit (the table refuses amount 0).
      const positive = values.filter((v) => new Decimal(v.amount).gt(0))
      // The key holds chain rows that are not rejected (0036, 0040): a rejected claim of this transfer does not stop the
      // follower.
      // Found again after a reorganisation: a transfer set aside as no longer on chain (stillOnChain) is back, in the
      // block it was re-mined in, and is judged as a new find would be; any other row it already has stays as it is.
      const back = sql`${deposits.status} = 'review' AND ${deposits.source} = 'chain' AND ${deposits.checkResult} -> 'problems' @> '["notFound"]'::jsonb`
      if (positive.length > 0) {
        const set = { status: sql`excluded.status`, blockNumber: sql`excluded.block_number`, confirmations: sql`excluded.confirmations`, checkResult: sql`excluded.check_result`, updatedAt: new Date() }
        inserted.push(...(await tx.insert(deposits).values(positive).onConflictDoUpdate({ target: [deposits.network, deposits.txHash, deposits.logIndex], targetWhere: sql`${deposits.source} = 'chain' AND ${deposits.status} <> 'rejected'`, set, setWhere: back }).returning()))
      }
    }
    await tx.execute(sql`UPDATE chain_cursors SET next_block = ${next}, updated_at = now() WHERE name = ${CURSOR}`)
    return inserted
  })
}

/** Counts confirmations of pending transfers; credits those that have enough, once the chain still says so. */
async function confirmPending(app: FastifyInstance, chain: Chain, head: number): Promise<number> {
  const changed = rowsOf<{ id: string; user_id: string; confirmations: number; confirmations_needed: number }>(
    await app.db.execute(sql`
      UPDATE deposits SET confirmations = LEAST(confirmations_needed, ${head} - block_number + 1), updated_at = now()
      WHERE status = 'pending' AND source = 'chain' AND confirmations < LEAST(confirmations_needed, ${head} - block_number + 1)
      RETURNING id::text AS id, user_id::text AS user_id, confirmations, confirmations_needed`),
  )
  const ready = changed.filter((r) => r.confirmations >= r.confirmations_needed).map((r) => BigInt(r.id))
  // Those still waiting: the user's screen shows the new count (one frame per user).
  const waiting = new Map(changed.filter((r) => r.confirmations < r.confirmations_needed).map((r) => [r.user_id, r]))
  for (const r of waiting.values()) await pushDepositUpdate(app, r.user_id, { id: r.id, status: 'pending', confirmations: r.confirmations })
  // Also those a crash left confirmed but not credited.
  const rows = rowsOf<Record<string, unknown>>(
    await app.db.execute(sql`
      SELECT id FROM deposits WHERE status = 'pending' AND source = 'chain' AND confirmations >= confirmations_needed`),
  )
  const ids = [...new Set([...ready, ...rows.map((r) => BigInt(String(r.id)))])]
  if (ids.length === 0) return 0
  const configs = new Map((await listNetworks(app.db)).map((c) => [c.network + ':' + c.currency, c]))
  let credited = 0
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000)
    const pending = await app.db
      .select()
      .from(deposits)
      .where(and(inArray(deposits.id, slice), eq(deposits.status, 'pending')))
    const still = await Promise.all(pending.map((row) => stillOnChain(app, chain, configs.get(row.network + ':' + row.currency), row, head)))
    credited += (await creditDeposits(app, pending.filter((_, k) => still[k]))).length
  }
  return credited
}

/**
 * Reads the transfer's transaction again before crediting it: a reorganisation may have dropped it (the row waits
 * for an operator, marked notFound) or re-mined it in another block (the row follows it there and counts its
 * confirmations again; the transfer's place within its transaction, its key, is the same). Answers whether the
 * transfer stands, confirmed, where the row says.
 */
async function stillOnChain(app: FastifyInstance, chain: Chain, config: NetworkConfig | undefined, row: DepositRow, head: number): Promise<boolean> {
  const found = await transfersOfTx(chain, row.txHash as Hash)
  const token = config?.tokenContract?.toLowerCase() ?? null
  const same =
    found.status === 'ok'
      ? found.transfers.find((t) => t.logIndex === row.logIndex && (t.token?.toLowerCase() ?? null) === token && config && unitsOf(t.value, config.tokenDecimals) === new Decimal(row.amount).toFixed())
      : undefined
  if (found.status !== 'ok' || !same) {
    const problems = found.status === 'failed' ? ['failed'] : ['notFound']
    const check = { checkedAt: app.now(), amount: null, from: null, confirmations: found.status === 'failed' ? found.confirmations : null, problems }
    const [moved] = await app.db
      .update(deposits)
      .set({ status: 'review', checkResult: check, updatedAt: new Date() })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')))
      .returning()
    if (moved) {
      app.log.warn({ deposit: String(row.id), txHash: row.txHash }, 'a confirmed deposit is no longer on chain: it waits for an operator')
      await pushDepositUpdate(app, row.userId, { id: String(row.id), status: 'review', confirmations: moved.confirmations })
    }
    return false
  }
  if (same.blockNumber === row.blockNumber) return true
  const confirmations = Math.min(row.confirmationsNeeded, confirmationsAt(head, same.blockNumber))
  await app.db
    .update(deposits)
    .set({ blockNumber: same.blockNumber, confirmations, updatedAt: new Date() })
    .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')))
  return confirmations >= row.confirmationsNeeded
}

/** One round: new blocks up to the head (at most maxBlocks of them), then confirmations and credits. */
export async function followOnce(app: FastifyInstance, chain: Chain, options: { startBlock?: number; maxBlocks?: number } = {}): Promise<FollowStep> {
  const configs = (await listNetworks(app.db)).filter((c) => isFollowed(c, true) && depositsOpen(c))
  const head = await headOf(chain)
  let next = await readCursor(app, head, options.startBlock)
  if (next > head + 1) {
    // The chain went back (a reorganisation to a shorter branch): read again from where it may differ.
    const deepest = Math.max(1, ...configs.map((c) => c.confirmations))
    next = Math.max(0, head - deepest + 1)
    await app.db.execute(sql`UPDATE chain_cursors SET next_block = ${next}, updated_at = now() WHERE name = ${CURSOR}`)
  }
  let found = 0
  if (configs.length > 0) {
    const batch = configs.some((c) => !c.tokenContract) ? BATCH_NATIVE_BLOCKS : BATCH_BLOCKS
    const last = Math.min(head, next + (options.maxBlocks ?? Number.MAX_SAFE_INTEGER) - 1)
    while (next <= last) {
      const to = Math.min(last, next + batch - 1)
      const range = await readRange(app, chain, configs, next, to)
      const inserted = await recordRange(app, range, head, to + 1)
      // The user's screen shows a new deposit at once ("pending, 1 of m"): one frame per user, the screen refetches.
      const latest = new Map(inserted.map((row) => [row.userId, row]))
      for (const row of latest.values()) await pushDepositUpdate(app, row.userId, { id: row.id.toString(), status: row.status, confirmations: row.confirmations })
      found += inserted.length
      next = to + 1
    }
  } else if (next <= head) {
    // Nothing followed: the cursor keeps up with the head, so opening a network later does not replay history.
    await app.db.execute(sql`UPDATE chain_cursors SET next_block = ${head + 1}, updated_at = now() WHERE name = ${CURSOR}`)
    next = head + 1
  }
  const credited = (await confirmPending(app, chain, head)) + (await recheckPendingClaims(app))
  return { head, next, found, credited }
}

export type ChainFollower = { stop: () => Promise<void>; leadership: Leadership }

/** Starts following when the server has a node; one round every chainPollMs on the leader. */
export function startChainFollower(app: FastifyInstance, conf: ResolvedOptions): ChainFollower | null {
  if (!conf.ethRpcUrl) return null
  const chain = chainOf(conf.ethRpcUrl)
  const leadership = conf.databaseUrl ? leadWithAdvisoryLock(conf.databaseUrl, conf.chainLockKey, conf.leaderRetryMs, app.log) : alwaysLeader()
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  const tick = async () => {
    timer = null
    if (stopped) return
    if (leadership.isLeader()) {
      running = followOnce(app, chain, { startBlock: conf.chainStartBlock }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'chain follower round failed'),
      )
      await running
      running = null
    }
    if (!stopped) timer = setTimeout(() => void tick(), conf.chainPollMs)
  }
  timer = setTimeout(() => void tick(), 0)
  return {
    leadership,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
      await leadership.stop()
    },
  }
}
