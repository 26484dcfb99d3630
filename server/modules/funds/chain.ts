// The chain as the funds module reads it through ETH_RPC_URL (viem, JSON-RPC batched): the head, ERC-20 Transfer
// logs and native transfers in a range of blocks, and everything one transaction moved. Nothing here signs: the
// server holds no key.
import { checksum as getAddress } from 'ox/Address'
import type { Address, Hash, PublicClient } from 'viem'
import { Decimal } from '../../ledger/decimal.ts'

/** ERC-20's `event Transfer(address indexed from, address indexed to, uint256 value)`. */
export const TRANSFER_EVENT = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { type: 'address', name: 'from', indexed: true },
    { type: 'address', name: 'to', indexed: true },
    { type: 'uint256', name: 'value', indexed: false },
  ],
} as const

// viem is about 400 modules and 150 ms of CPU: loaded when a chain is first read, not at every start (bench:start).
let viemModule: Promise<typeof import('viem')> | undefined
const viem = () => (viemModule ??= import('viem'))

/** One movement of value: an ERC-20 Transfer log (token set) or a transaction's native value (token null, log -1). */
export type ChainTransfer = {
  txHash: Hash
  /**
   * The transfer's place within its transaction: 0, 1 ... among the transaction's Transfer logs of the same token to
   * the same address (−1 for native value). Not the block-wide log index: a transaction re-mined in another block
   * after a reorganisation keeps this, so it stays one deposit (deposits.service depositKey).
   */
  logIndex: number
  token: Address | null
  from: Address
  to: Address
  value: bigint
  blockNumber: number
}

export type Chain = { client: () => Promise<PublicClient>; url: string }

const clients = new Map<string, Chain>()

/** One client per URL and process; requests made together go as one JSON-RPC batch. */
export function chainOf(url: string): Chain {
  let chain = clients.get(url)
  if (!chain) {
    let client: Promise<PublicClient> | undefined
    const make = async () => {
      const { createPublicClient, http } = await viem()
      return createPublicClient({ transport: http(url, { batch: { batchSize: 200, wait: 5 }, timeout: 10_000, retryCount: 2 }) })
    }
    chain = { client: () => (client ??= make()), url }
    clients.set(url, chain)
  }
  return chain
}

/** A token amount in units (value / 10^decimals), exactly, as a plain decimal string. */
export const unitsOf = (value: bigint, decimals: number) => new Decimal(value.toString()).div(new Decimal(10).pow(decimals)).toFixed()

/** Confirmations of a block at this head: the block itself counts as one. */
export const confirmationsAt = (head: number, block: number) => Math.max(0, head - block + 1)

export async function headOf(chain: Chain): Promise<number> {
  return Number(await (await chain.client()).getBlockNumber({ cacheTime: 0 }))
}

/** Transfer logs of `tokens` to any of `to` in [from, to] blocks. */
export async function tokenTransfers(chain: Chain, tokens: Address[], receivers: Address[], fromBlock: number, toBlock: number): Promise<ChainTransfer[]> {
  if (tokens.length === 0 || receivers.length === 0) return []
  const logs = await (await chain.client()).getLogs({
    address: tokens,
    event: TRANSFER_EVENT,
    args: { to: receivers },
    fromBlock: BigInt(fromBlock),
    toBlock: BigInt(toBlock),
    strict: true,
  })
  return placedInTx(
    logs.map((log) => ({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      token: getAddress(log.address),
      from: getAddress(log.args.from),
      to: getAddress(log.args.to),
      value: log.args.value,
      blockNumber: Number(log.blockNumber),
    })),
  )
}

/** Token transfers (with block-wide log indexes) numbered within their transaction instead (ChainTransfer.logIndex).
 * A transaction's logs are all in one block, so a range that reads one of them reads them all. */
export function placedInTx(transfers: ChainTransfer[]): ChainTransfer[] {
  const seen = new Map<string, number>()
  return [...transfers]
    .sort((a, b) => (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.logIndex - b.logIndex))
    .map((t) => {
      if (t.token === null) return t
      const key = `${t.txHash.toLowerCase()}:${t.token}:${t.to}`
      const n = seen.get(key) ?? 0
      seen.set(key, n + 1)
      return { ...t, logIndex: n }
    })
}

/** Native transfers to any of `receivers` in [from, to] blocks (every block's transactions, fetched in batches). */
export async function nativeTransfers(chain: Chain, receivers: Address[], fromBlock: number, toBlock: number): Promise<ChainTransfer[]> {
  if (receivers.length === 0) return []
  const wanted = new Set(receivers.map((r) => r.toLowerCase()))
  const numbers = Array.from({ length: toBlock - fromBlock + 1 }, (_, i) => BigInt(fromBlock + i))
  const client = await chain.client()
  const blocks = await Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })))
  const found: ChainTransfer[] = []
  for (const block of blocks) {
    for (const tx of block.transactions) {
      if (!tx.to || tx.value === 0n || !wanted.has(tx.to.toLowerCase())) continue
      found.push({ txHash: tx.hash, logIndex: -1, token: null, from: getAddress(tx.from), to: getAddress(tx.to), value: tx.value, blockNumber: Number(block.number) })
    }
  }
  return found
}

export type TxTransfers =
  | { status: 'notFound' }
  | { status: 'failed'; blockNumber: number; confirmations: number }
  | { status: 'ok'; blockNumber: number; confirmations: number; transfers: ChainTransfer[] }

/**
 * Everything one transaction moved: its native value and its ERC-20 Transfer logs, with its confirmations at the
 * current head. Used to check a deposit claim and (withdrawals) an operator's payout hash.
 */
export async function transfersOfTx(chain: Chain, txHash: Hash): Promise<TxTransfers> {
  const [client, { decodeEventLog }] = await Promise.all([chain.client(), viem()])
  const [receipt, tx, head] = await Promise.all([
    client.getTransactionReceipt({ hash: txHash }).catch(() => null),
    client.getTransaction({ hash: txHash }).catch(() => null),
    headOf(chain),
  ])
  if (!receipt || !tx) return { status: 'notFound' }
  const blockNumber = Number(receipt.blockNumber)
  const confirmations = confirmationsAt(head, blockNumber)
  if (receipt.status !== 'success') return { status: 'failed', blockNumber, confirmations }
  const transfers: ChainTransfer[] = []
  if (tx.to && tx.value > 0n) {
    transfers.push({ txHash, logIndex: -1, token: null, from: getAddress(tx.from), to: getAddress(tx.to), value: tx.value, blockNumber })
  }
  for (const log of receipt.logs) {
    try {
      const event = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics, strict: true })
      transfers.push({
        txHash,
        logIndex: log.logIndex,
        token: getAddress(log.address),
        from: getAddress(event.args.from),
        to: getAddress(event.args.to),
        value: event.args.value,
        blockNumber,
      })
    } catch {
      // Not a Transfer (or an ERC-721 one, whose value is indexed): not a movement of this kind.
    }
  }
  return { status: 'ok', blockNumber, confirmations, transfers: placedInTx(transfers) }
}

/** The transfers of a transaction that paid `to` in `token` (null: native), summed, in units of `decimals`. */
export function paidTo(transfers: ChainTransfer[], to: string, token: string | null, decimals: number): { amount: string; first: ChainTransfer | null } {
  const matching = transfers.filter(
    (t) => t.to.toLowerCase() === to.toLowerCase() && (token === null ? t.token === null : t.token?.toLowerCase() === token.toLowerCase()),
  )
  const total = matching.reduce((sum, t) => sum + t.value, 0n)
  return { amount: unitsOf(total, decimals), first: matching[0] ?? null }
}

/** Gas price in gwei, plain decimal. */
export async function gasPriceGwei(chain: Chain): Promise<string> {
  return unitsOf(await (await chain.client()).getGasPrice(), 9)
}
