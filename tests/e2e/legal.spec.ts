// Published content and the live-money gate, as an operator and a user meet them. The shared e2e server starts with
// the gate off (server/modules/content/content.test-hooks.ts): this spec turns it on and off again. A compliance and
// support operator publishes terms and a risk warning (with markup that must stay inert) and a help answer in the
// console; the user finds the answer by searching the help center, reads the terms, and on a first live deposit claim
// is asked to read and accept them, after which the same claim goes through. Runs on mobile and desktop.
import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { totpCode } from '../../server/modules/ops/totp.ts'
import { plainPng } from '../../server/modules/uploads/test-files.ts'
import { signInFresh } from './fixtures/app.ts'
import { createOperator, opsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

const HOUSE = '0x000000000000000000000000000000000000dEaD'
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\n[tap](javascript:window.__xss=3)'

/** A finance operator's token, through the API, to open and close USDT deposits for the claim. */
async function financeToken(page: Page, request: APIRequestContext) {
  const operator = await createOperator(page, ['finance'])
  const res = await request.post('/api/ops/signIn', { data: { name: operator.name, password: operator.password, code: totpCode(operator.secret, Date.now()) } })
  return ((await res.json()) as { data: { token: string } }).data.token
}

async function publish(form: Locator, type: string, title: string, body: string) {
  await form.getByTestId('ops-doc-type').selectOption(type)
  await form.getByTestId('ops-doc-locale').selectOption('en_US')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Text (Markdown)').fill(body)
  await form.getByRole('button', { name: 'Publish' }).click()
  await expect(form.page().getByText(new RegExp(`Published version \\d+ of ${type} \\(en_US\\)`))).toBeVisible()
}

// Two operators' sign-ins, a console and the app in one test: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 })

const executed = (page: Page) => page.evaluate(() => (window as never as { __xss?: number }).__xss)

test('an operator publishes terms, a risk warning and a help answer; a user reads the answer and accepts the terms before a first live claim', async ({ page, request }) => {
  const run = Math.random().toString(36).slice(2, 8)
  expect((await request.post('/api/test/legalGate', { data: { on: true } })).status()).toBe(200)
  const finance = { authorization: `Bearer ${await financeToken(page, request)}` }
  const network = { currency: 'USDT', network: 'ERC20' }
  expect((await request.post('/api/ops/funds/networks/update', { headers: finance, data: { ...network, depositAddress: HOUSE, depositMin: '1' } })).status()).toBe(200)
  try {
    const ops = await page.context().newPage()
    await opsSignIn(ops, ['compliance', 'support'])
    await ops.getByRole('navigation').getByRole('link', { name: 'Documents and help' }).click()
    const docForm = ops.getByTestId('ops-publish-document')
    await publish(docForm, 'terms', `Terms ${run}`, `You agree to **the rules ${run}**.\n\n${XSS}`)
    await publish(docForm, 'risk', `Risk ${run}`, 'Leverage multiplies losses.')
    await expect(ops.getByTestId('ops-documents')).toContainText(`Terms ${run}`)
    const helpForm = ops.getByTestId('ops-save-help')
    await helpForm.getByLabel('Category').selectOption('funds')
    await helpForm.getByLabel('Question').fill(`How long do withdrawals take (${run})?`)
    await helpForm.getByLabel('Answer (Markdown)').fill(`About **two hours** after approval. ${XSS}`)
    await helpForm.getByRole('button', { name: 'Save answer' }).click()
    await expect(ops.getByTestId('ops-help-answers')).toContainText(`How long do withdrawals take (${run})?`)
    expect(await executed(ops)).toBeUndefined()
    await ops.close()

    const wallet = await installWallet(page)
    await signInFresh(page, wallet)
    await page.goto('/help/center')
    await page.getByTestId('help-search').fill(`withdrawals ${run}`)
    const answer = page.getByTestId('help-answer').filter({ hasText: run })
    await expect(answer).toHaveCount(1)
    await answer.getByText(`How long do withdrawals take (${run})?`).click()
    await expect(answer.locator('strong')).toHaveText('two hours')
    await expect(answer.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0)

    await page.goto('/help/terms')
    const body = page.getByTestId('document-body')
    await expect(body.locator('strong')).toHaveText(`the rules ${run}`)
    await expect(page.getByTestId('document-meta')).toContainText('Version')
    await expect(page.getByTestId('sample-badge')).toHaveCount(0)
    await expect(body.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0)
    await body.getByText('tap').click()
    expect(await executed(page)).toBeUndefined()

    await page.goto('/profile/deposit')
    const form = page.getByTestId('deposit-claim')
    const hash = `0x${randomBytes(32).toString('hex')}`
    await form.getByLabel('Amount sent').fill('25')
    await form.getByLabel('Transaction hash').fill(hash)
    await form.getByLabel('Last 6 characters of the hash').fill(hash.slice(-6))
    await form.getByTestId('deposit-proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await plainPng(64, 64) })
    await expect(form.getByTestId('deposit-proof-note')).toHaveText('Picture ready')
    await form.getByRole('button', { name: 'Send claim' }).click()

    const dialog = page.getByRole('dialog', { name: 'Read and accept' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('legal-docs')).toContainText(`Terms ${run}`)
    await expect(dialog.getByTestId('legal-docs')).toContainText(`Risk ${run}`)
    await expect(dialog.getByTestId('legal-accept')).toBeDisabled()
    await dialog.getByTestId('legal-check').check()
    await dialog.getByTestId('legal-accept').click()
    await expect(dialog).toBeHidden()

    await form.getByRole('button', { name: 'Send claim' }).click()
    await expect(page.getByTestId('deposit-item').first().getByTestId('deposit-status')).toHaveText('Waiting for review')
    await expect(page.getByRole('dialog', { name: 'Read and accept' })).toHaveCount(0)
  } finally {
    await request.post('/api/ops/funds/networks/update', { headers: finance, data: { ...network, depositAddress: null } })
    await request.post('/api/test/legalGate', { data: { on: false } })
  }
})
