// Pictures in the support chat, end to end in real Chromium: a user attaches a picture (refused first when too large,
// before it is sent, and when not a picture, in the server's words) and sends it without text; the support operator
// sees it in the console and answers with a picture; the user sees that answer live, with the verified-staff badge,
// in a box of the picture's proportions, and opens it full size. Another user cannot fetch either picture.
import { expect, test, type Locator } from '@playwright/test'
import { noisyJpeg, plainPng } from '../../server/modules/uploads/test-files.ts'
import { UPLOAD_MAX_BYTES } from '../../src/contract/uploads.ts'
import { installWallet } from './fixtures/wallet.ts'
import { signInFresh, token } from './fixtures/app.ts'
import { opsSignIn } from './fixtures/ops.ts'

const FORMAT = 'image format incorrect; supported formats are JPG, JPEG2000 and PNG'

/** The picture is on screen (its blob loaded) in a box with the picture's proportions. */
async function expectPicture(picture: Locator, width: number, height: number) {
  await expect(picture).toHaveAttribute('data-loaded', 'true')
  const box = (await picture.boundingBox())!
  expect(Math.abs(box.width / box.height - width / height)).toBeLessThan(0.05)
}

test('a user sends a picture, the operator sees it and answers with one, the user sees it live with the badge', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/help/support')
  await expect(page.locator('html')).toHaveAttribute('data-live', 'open')
  await expect(page.getByTestId('support-banner')).toBeVisible()

  // Too large: refused before a byte is sent.
  await page.getByTestId('support-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1) })
  await expect(page.getByTestId('support-error')).toHaveText('The picture is larger than 10 MB; please send a smaller one')
  await expect(page.getByTestId('support-progress')).toHaveCount(0)

  // Not a picture: refused in the server's words, nothing attached.
  await page.getByTestId('support-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await expect(page.getByTestId('support-error')).toHaveText(FORMAT)
  await expect(page.getByTestId('support-attached')).toHaveCount(0)
  await expect(page.getByTestId('support-send')).toBeDisabled()

  // A picture alone is a message.
  await page.getByTestId('support-file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: await plainPng(300, 150) })
  await expect(page.getByTestId('support-attached')).toBeVisible()
  await expect(page.getByTestId('support-error')).toHaveCount(0)
  await page.getByTestId('support-send').click()
  const mine = page.getByTestId('support-message').filter({ has: page.getByTestId('support-picture') })
  await expect(mine).toHaveAttribute('data-author', 'user')
  await expectPicture(mine.getByTestId('support-picture'), 300, 150)
  await expect(page.getByTestId('staff-badge')).toHaveCount(0)
  await expect(page.getByTestId('support-attached')).toHaveCount(0)

  // The operator sees the user's picture and answers with a picture and a line of text.
  const ops = await page.context().newPage()
  await opsSignIn(ops, ['support'])
  await ops.getByRole('navigation').getByRole('link', { name: 'Support chat' }).click()
  await ops.getByTestId('ops-support-row').filter({ hasText: wallet.address }).click()
  const thread = ops.getByTestId('ops-support-thread')
  await expectPicture(thread.getByTestId('ops-support-picture'), 300, 150)
  await ops.getByTestId('ops-support-file').setInputFiles({ name: 'where.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg(160, 240) })
  await expect(ops.getByTestId('ops-support-attached')).toBeVisible()
  await ops.getByTestId('ops-support-reply').fill('Tap Deposit, then this button.')
  await ops.getByTestId('ops-support-send').click()
  await expect(thread.getByTestId('ops-support-picture')).toHaveCount(2)
  await expect(ops.getByTestId('ops-support-attached')).toHaveCount(0)

  // The user's screen follows the socket: the answer with its picture and the badge, without a reload.
  const answer = page.getByTestId('support-message').filter({ hasText: 'Tap Deposit, then this button.' })
  await expect(answer).toHaveAttribute('data-author', 'staff')
  await expect(answer.getByTestId('staff-badge')).toHaveText('Verified staff')
  await expectPicture(answer.getByTestId('support-picture'), 160, 240)
  await expect(page.getByTestId('staff-badge')).toHaveCount(1)
  await expect(page.getByTestId('support-banner')).toBeVisible()

  // A tap opens it full size; closing returns to the conversation.
  await answer.getByTestId('support-picture').click()
  const full = page.getByRole('dialog').getByRole('img', { name: 'Picture from support staff' })
  await expect(full).toBeVisible()
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160)
  await page.getByRole('button', { name: 'Close the picture' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Another user gets 404 for both pictures; their owner gets both.
  const ids = await page.evaluate(async (auth) => {
    const res = await fetch('/api/getSupportChat', { headers: { Authorization: auth ?? '' } })
    const body = (await res.json()) as { data: { list: Array<{ attachment: { id: string } | null }> } }
    return body.data.list.flatMap((m) => (m.attachment ? [m.attachment.id] : []))
  }, await token(page))
  expect(ids).toHaveLength(2)
  const stranger = await page.context().browser()!.newContext()
  const other = await stranger.newPage()
  await signInFresh(other, await installWallet(other))
  for (const id of ids) {
    expect((await other.request.get(`/api/upload/${id}`, { headers: { authorization: `Bearer ${await token(other)}` } })).status()).toBe(404)
    expect((await page.request.get(`/api/upload/${id}`, { headers: { authorization: `Bearer ${await token(page)}` } })).status()).toBe(200)
  }
  await stranger.close()
  await ops.close()
})
