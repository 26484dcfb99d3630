// A payout's hash checked against a real local chain (a Hardhat node on port 8549, the 6-decimal TestUSD): with
// ETH_RPC_URL set, an approval stands only when the transaction exists, succeeded and paid the withdrawal's address
// exactly the amount that was to arrive, in the network's token.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Withdrawal } from '#contract/withdrawals.ts'
import { buildApp } from '../../app.ts'
import { reconcile } from '../../ledger/reconcile.ts'
import { chainKit, DEPLOYER, startLocalNode, type ChainKit, type LocalNode } from '../../test/chain/node.ts'
import { call, testOptions } from '../../test/helpers.ts'
import { openNetwork, randomHash } from '../funds/test-funds.ts'
import { signInOperator } from '../ops/test-operators.ts'
import { liveUser } from './test-withdrawals.ts'

const DEST: Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
let node: LocalNode
let kit: ChainKit
let token: Address
let app: FastifyInstance

beforeAll(async () => {
  node = await startLocalNode(8549)
  kit = chainKit(node.url)
  token = await kit.deployToken()
  await kit.fund(token, DEPLOYER.address, '1000')
  app = await buildApp(testOptions({ databaseUrl: undefined, redisUrl: undefined, ethRpcUrl: node.url, chainPollMs: 60_000 }))
  await openNetwork(app, 'USDT', { token })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await node?.stop()
})

it('approves a payout found on chain, and refuses one not found, failed to pay the address, or paying another amount', async () => {
  const { token: user } = await liveUser(app, '500')
  const asked = await call(app, 'POST', '/api/submissionWithdrawDeposit', {
    token: user,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount: '100', currency: 'USDT', network: 'ERC20', address: DEST },
  })
  const w = asked.body.data as Withdrawal
  expect(w.receive).toBe('99')
  const finance = await signInOperator(app, ['finance'])
  const approve = (txHash: string) => call(app, 'POST', '/api/ops/withdrawals/approve', { token: finance.token, body: { id: w.id, txHash } })

  expect((await approve(randomHash())).body).toMatchObject({ code: 409, msg: 'This transaction was not found on chain, or it failed' })
  const short = await kit.sendToken(DEPLOYER, token, DEST, '98')
  expect((await approve(short.transactionHash)).body).toMatchObject({ code: 409, msg: `This transaction does not send 99 USDT to ${DEST}` })
  const elsewhere = await kit.sendToken(DEPLOYER, token, '0x000000000000000000000000000000000000bEEF', '99')
  expect((await approve(elsewhere.transactionHash)).status).toBe(409)
  expect((await call(app, 'GET', `/api/getWithdrawal?id=${w.id}`, { token: user })).body.data).toMatchObject({ status: 'pending' })

  const paid = await kit.sendToken(DEPLOYER, token, DEST, '99')
  const res = await approve(paid.transactionHash)
  expect(res.body.data).toMatchObject({ status: 'paid', txHash: paid.transactionHash, chainChecked: true })
  expect((await reconcile(app.db)).ok).toBe(true)
}, 60_000)

it('says so when the node does not answer, and leaves the withdrawal waiting', async () => {
  const { token: user } = await liveUser(app, '500')
  const asked = await call(app, 'POST', '/api/submissionWithdrawDeposit', {
    token: user,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount: '50', currency: 'USDT', network: 'ERC20', address: DEST },
  })
  const w = asked.body.data as Withdrawal
  const finance = await signInOperator(app, ['finance'])
  await node.stop()
  const res = await call(app, 'POST', '/api/ops/withdrawals/approve', { token: finance.token, body: { id: w.id, txHash: randomHash() } })
  expect(res.body).toMatchObject({ code: 409, msg: 'The chain node did not answer, so the payout could not be checked: try again shortly' })
  expect((await call(app, 'GET', `/api/getWithdrawal?id=${w.id}`, { token: user })).body.data).toMatchObject({ status: 'pending' })
}, 60_000)
