// A real local chain for tests, the e2e server and bench:chain: Hardhat 3's node (npm hardhat, offline), started as a
// child process on a port of 8545-8549, and a kit that deploys the 6-decimal TestUSD, funds wallets and mines blocks.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import {
  createTestClient,
  createWalletClient,
  http,
  publicActions,
  encodeFunctionData,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { testUsdAbi, testUsdBytecode } from './test-usd.ts'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const hardhatCli = fileURLToPath(import.meta.resolve('hardhat/package.json').replace(/package\.json$/, 'dist/src/cli.js'))

/** Hardhat's first default account: 10 000 ETH on a fresh node, publicly known key (local chains only). */
export const DEPLOYER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

export type LocalNode = { url: string; port: number; stop: () => Promise<void> }

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    return res.ok
  } catch {
    return false
  }
}

/** Starts a Hardhat node on `port` and waits until it answers (about 5 s; more on a busy machine). */
export async function startLocalNode(port: number, timeoutMs = 90_000): Promise<LocalNode> {
  const url = `http://127.0.0.1:${port}`
  if (await answers(url)) throw new Error(`something already answers on ${url}`)
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', here('./hardhat-zod.mjs'), hardhatCli, '--config', here('./hardhat.config.ts'), 'node', '--port', String(port), '--hostname', '127.0.0.1'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' } },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = Date.now()
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited: ${stderr}`)
    if (Date.now() - started > timeoutMs) {
      child.kill()
      throw new Error(`hardhat node did not answer on ${url} within ${timeoutMs} ms: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill()
      await exited
    },
  }
}

/** What tests do on the chain: deploy the token, fund wallets, transfer, mine. */
export function chainKit(url: string) {
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url, { timeout: 60_000 }) }).extend(publicActions)
  const walletOf = (account: PrivateKeyAccount) => createWalletClient({ account, chain: hardhat, transport: http(url, { timeout: 60_000 }) })
  const deployer = walletOf(DEPLOYER)

  const receipt = async (hash: Hash) => {
    const r = await test.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (r.status !== 'success') throw new Error(`transaction ${hash} failed`)
    return r
  }

  return {
    client: test,
    /** Deploys TestUSD (6 decimals); answers its address. */
    async deployToken(): Promise<Address> {
      const hash = await deployer.deployContract({ abi: testUsdAbi, bytecode: testUsdBytecode })
      const r = await receipt(hash)
      return r.contractAddress!
    },
    /** Gives a wallet gas money and `usd` of the token. */
    async fund(token: Address, address: Address, usd: string) {
      await test.setBalance({ address, value: parseUnits('10', 18) })
      await receipt(await deployer.writeContract({ address: token, abi: testUsdAbi, functionName: 'mint', args: [address, parseUnits(usd, 6)] }))
    },
    /** Sends without waiting for a block (with automine off it stays in the mempool): answers the hash. */
    sendTokenUnmined: (from: PrivateKeyAccount, token: Address, to: Address, usd: string) =>
      walletOf(from).writeContract({ address: token, abi: testUsdAbi, functionName: 'transfer', args: [to, parseUnits(usd, 6)], gas: 100_000n }),
    setAutomine: (on: boolean) => test.setAutomine(on),
    async sendToken(from: PrivateKeyAccount, token: Address, to: Address, usd: string) {
      const hash = await walletOf(from).writeContract({ address: token, abi: testUsdAbi, functionName: 'transfer', args: [to, parseUnits(usd, 6)] })
      return receipt(hash)
    },
    /** `count` transfers of `usd` from one wallet in one transaction (one log each). */
    async sendTokenMany(from: PrivateKeyAccount, token: Address, to: Address, usd: string, count: number) {
      const hash = await walletOf(from).writeContract({
        address: token,
        abi: testUsdAbi,
        functionName: 'transferMany',
        args: [to, parseUnits(usd, 6), BigInt(count)],
        gas: 60_000n + 40_000n * BigInt(count),
      })
      return receipt(hash)
    },
    /** A transfer from an address whose key the test does not hold (a browser test's wallet): the node impersonates it. */
    async sendTokenAs(from: Address, token: Address, to: Address, usd: string) {
      await test.impersonateAccount({ address: from })
      const wallet = createWalletClient({ account: from, chain: hardhat, transport: http(url, { timeout: 60_000 }) })
      const hash = await wallet.writeContract({ address: token, abi: testUsdAbi, functionName: 'transfer', args: [to, parseUnits(usd, 6)] })
      await test.stopImpersonatingAccount({ address: from })
      return receipt(hash)
    },
    /** sendTokenAs without waiting for a block (with automine off it stays in the mempool): answers the hash. */
    async sendTokenAsUnmined(from: Address, token: Address, to: Address, usd: string): Promise<Hex> {
      await test.impersonateAccount({ address: from })
      const wallet = createWalletClient({ account: from, chain: hardhat, transport: http(url, { timeout: 60_000 }) })
      const hash = await wallet.writeContract({ address: token, abi: testUsdAbi, functionName: 'transfer', args: [to, parseUnits(usd, 6)], gas: 100_000n })
      await test.stopImpersonatingAccount({ address: from })
      return hash
    },
    async sendEth(from: PrivateKeyAccount, to: Address, eth: string) {
      return receipt(await walletOf(from).sendTransaction({ to, value: parseUnits(eth, 18) }))
    },
    mine: (blocks: number) => test.mine({ blocks }),
    /** The chain's state now, to go back to (a reorganisation's fork point). */
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    /** A token transfer signed but not sent: sending the same bytes again after a revert re-mines the same transaction. */
    async signTokenTransfer(from: PrivateKeyAccount, token: Address, to: Address, usd: string): Promise<Hex> {
      const wallet = walletOf(from)
      const data = encodeFunctionData({ abi: testUsdAbi, functionName: 'transfer', args: [to, parseUnits(usd, 6)] })
      const request = await wallet.prepareTransactionRequest({ to: token, data, gas: 100_000n })
      return wallet.signTransaction(request)
    },
    sendRaw: (serializedTransaction: Hex) => test.sendRawTransaction({ serializedTransaction }),
    head: async () => Number(await test.getBlockNumber({ cacheTime: 0 })),
  }
}

export type ChainKit = ReturnType<typeof chainKit>
