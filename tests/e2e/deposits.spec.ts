// A deposit end to end in real Chromium, from a real local chain: the spec starts a Hardhat node (8547) and a server
// of its own that follows it (port 8331, ETH_RPC_URL set; the shared e2e server follows no chain), deploys a 6-decimal
// token, and a finance operator opens USDT deposits through the console's API. The user signs in with their wallet,
// sees the address (text and QR code), the network, the minimum, the confirmations and the warning, sends USDT from
// that same wallet, watches "Pending, n of 3 confirmations" move without reloading, and sees the balance rise. A
// stranger who claims someone's transfer first does not lock its sender out, and sees in words why their claim closed.
import { spawn, type ChildProcess } from 'node:child_process'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { totpCode } from '../../server/modules/ops/totp.ts'
import { plainPng } from '../../server/modules/uploads/test-files.ts'
import { chainKit, startLocalNode, type ChainKit, type LocalNode } from '../../server/test/chain/node.ts'
import { signInFresh } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

const PORT = 8331
const BASE = `http://127.0.0.1:${PORT}`
const HOUSE = '0x000000000000000000000000000000000000dEaD'

let node: LocalNode
let kit: ChainKit
let token: Address
let server: ChildProcess

test.use({ baseURL: BASE })
test.describe.configure({ timeout: 180_000 })

async function until(read: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now()
  while (!(await read())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** A finance operator, made through the test hook and signed in through the API, opens USDT deposits. */
async function openUsdtDeposits(request: APIRequestContext) {
  const made = await request.post(`${BASE}/api/test/operator`, { data: { roles: ['finance'] } })
  const operator = ((await made.json()) as { data: { name: string; password: string; secret: string } }).data
  const signedIn = await request.post(`${BASE}/api/ops/signIn`, {
    data: { name: operator.name, password: operator.password, code: totpCode(operator.secret, Date.now()) },
  })
  const session = ((await signedIn.json()) as { data: { token: string } }).data
  const update = await request.post(`${BASE}/api/ops/funds/networks/update`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { currency: 'USDT', network: 'ERC20', tokenContract: token, depositAddress: HOUSE, confirmations: 3, depositMin: '1' },
  })
  expect(update.status()).toBe(200)
}

test.beforeAll(async ({ playwright }) => {
  node = await startLocalNode(8547)
  kit = chainKit(node.url)
  token = await kit.deployToken()
  server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
    env: { ...process.env, PORT: String(PORT), ETH_RPC_URL: node.url, CHAIN_POLL_MS: '300', CHAIN_START_BLOCK: '0' },
    stdio: 'inherit',
  })
  await until(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.ok === true, 120_000, 'the deposits e2e server')
  const request = await playwright.request.newContext()
  await openUsdtDeposits(request)
  await request.dispose()
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  await node?.stop()
})

test('a user deposits USDT from their wallet on the local chain and sees the balance rise', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)

  await page.goto('/profile/deposit')
  const panel = page.getByTestId('deposit-panel')
  await expect(panel.getByTestId('deposit-address')).toHaveText(HOUSE)
  await expect(panel.getByTestId('deposit-qr')).toBeVisible()
  await expect(panel.getByTestId('deposit-network')).toHaveText('Ethereum (ERC-20)')
  await expect(panel.getByTestId('deposit-min')).toHaveText('1 USDT')
  await expect(panel.getByTestId('deposit-confirmations')).toHaveText('3')
  await expect(panel.getByTestId('deposit-warning')).toContainText('Funds sent on any other network')
  await expect(panel.getByTestId('deposit-followed')).toContainText(wallet.address)
  await expect(panel.getByText('No deposits yet')).toBeVisible()
  // 320 wide, the narrowest phone: the address wraps, nothing runs off the screen.
  const viewport = page.viewportSize()!
  await page.setViewportSize({ width: 320, height: 700 })
  await expect(panel.getByTestId('deposit-address')).toBeVisible()
  // Polled: the page lays itself out for the new width a moment after the viewport changes (desktop went from 1 280).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.setViewportSize(viewport)

  // The user's own wallet sends 25 USDT to the receiving address.
  await kit.fund(token, wallet.address, '100')
  await kit.sendTokenAs(wallet.address, token, HOUSE, '25')
  const item = panel.getByTestId('deposit-item').first()
  await expect(item.getByTestId('deposit-status')).toHaveText(/Pending, [12] of 3 confirmations/)
  await expect(item).toContainText('25.00 USDT')
  // Blocks go on: the count moves, then the deposit is credited, with no reload.
  await kit.mine(1)
  await expect(item.getByTestId('deposit-status')).toHaveText(/Pending, [23] of 3 confirmations|Credited/)
  await kit.mine(2)
  await expect(item.getByTestId('deposit-status')).toHaveText('Credited')

  await page.goto('/profile/balance')
  const balance = page.getByTestId('balance-panel')
  await balance.getByRole('radio', { name: 'Live', exact: true }).click()
  await page.getByTestId('switch-live-confirm').click()
  await expect(balance.getByTestId('balance-total')).toHaveText('25.00 USDT')
})

test('a claim from an exchange whose amount differs waits for an operator, who credits what the chain shows', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  const exchange = privateKeyToAccount(generatePrivateKey())
  await kit.fund(token, exchange.address, '100')
  const sent = await kit.sendToken(exchange, token, HOUSE, '40')
  await kit.mine(3)

  await page.goto('/profile/deposit')
  const form = page.getByTestId('deposit-claim')
  await form.getByRole('button', { name: 'Send claim' }).click()
  await expect(form.getByText('enter amount')).toBeVisible()
  await expect(form.getByText('upload the required picture')).toBeVisible()
  await form.getByLabel('Amount sent').fill('45')
  await form.getByLabel('Transaction hash').fill(sent.transactionHash)
  await form.getByLabel('Last 6 characters of the hash').fill(sent.transactionHash.slice(-6))
  await form.getByTestId('deposit-proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await plainPng(64, 64) })
  await expect(form.getByTestId('deposit-proof-note')).toHaveText('Picture ready')
  await form.getByRole('button', { name: 'Send claim' }).click()
  const item = page.getByTestId('deposit-item').first()
  await expect(item.getByTestId('deposit-status')).toHaveText('Waiting for review')

  const ops = await page.context().newPage()
  await opsSignIn(ops, ['finance'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Deposits' }).click()
  const row = ops.getByTestId('ops-deposit').filter({ hasText: sent.transactionHash.toLowerCase() })
  await expect(row.getByTestId('ops-deposit-check')).toContainText('Amount differs from the claim')
  await expect(row.getByTestId('ops-deposit-check')).toContainText('On chain: 40')
  await row.getByTestId('deposit-approve-amount').fill('40')
  await row.getByTestId('deposit-approve').click()
  await expect(ops.getByTestId('ops-deposit').filter({ hasText: sent.transactionHash.toLowerCase() })).toHaveCount(0)

  // The user's screen changes without a reload.
  await expect(item.getByTestId('deposit-status')).toHaveText('Credited')
  await expect(item).toContainText('40.00 USDT')
})

/** A user signed in with a wallet of their own, on the deposit screen, in a browser context of their own. */
async function depositScreen(browser: Browser) {
  const page = await (await browser.newContext()).newPage()
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/deposit')
  return { page, wallet }
}

async function sendClaim(page: Page, txHash: string, amount: string) {
  const form = page.getByTestId('deposit-claim')
  await form.getByLabel('Amount sent').fill(amount)
  await form.getByLabel('Transaction hash').fill(txHash)
  await form.getByLabel('Last 6 characters of the hash').fill(txHash.slice(-6))
  await form.getByTestId('deposit-proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await plainPng(64, 64) })
  await expect(form.getByTestId('deposit-proof-note')).toHaveText('Picture ready')
  await form.getByRole('button', { name: 'Send claim' }).click()
}

test("a stranger's claim of a user's transfer does not lock the user out: the user is credited, the stranger told why", async ({ browser }) => {
  const sender = await depositScreen(browser)
  const stranger = await depositScreen(browser)
  await kit.fund(token, sender.wallet.address, '100')
  // The transfer is public from the moment it is sent: the stranger claims it before it is even in a block.
  await kit.setAutomine(false)
  const txHash = await kit.sendTokenAsUnmined(sender.wallet.address, token, HOUSE, '12')
  await sendClaim(stranger.page, txHash, '12')
  const theirs = stranger.page.getByTestId('deposit-item').first()
  await expect(theirs.getByTestId('deposit-status')).toHaveText('Waiting for review')
  await kit.setAutomine(true)
  await kit.mine(3)

  // The sender claims their own transfer: credited, not "already claimed".
  await sendClaim(sender.page, txHash, '12')
  await expect(sender.page.getByText('Deposit credited to your live account')).toBeVisible()
  await expect(sender.page.getByTestId('deposit-item').first().getByTestId('deposit-status')).toHaveText('Credited')
  // The stranger's screen changes without a reload, and says why.
  await expect(theirs.getByTestId('deposit-status')).toHaveText('Rejected')
  await expect(theirs.locator('.deposit-reason')).toHaveText('The address that sent this transfer belongs to another account, which claimed it')
  await Promise.all([sender.page.context().close(), stranger.page.context().close()])
})
