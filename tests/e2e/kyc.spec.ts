// Identity verification in the browser: a user fills the form and sends three photos (two files, one from the
// camera), an operator signs in to the console with a TOTP code and approves it, and the user's screen turns to
// "Verified" by itself (the socket's kyc_update), without a reload.
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { signInFresh } from './fixtures/app.ts'
import { createOperator, fillOpsSignIn } from './fixtures/ops.ts'
import { installWallet } from './fixtures/wallet.ts'

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg()
    .toBuffer()

/** A camera for Chromium without one: getUserMedia answers a canvas's live stream. */
async function fakeCamera(page: Page) {
  await page.addInitScript(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 640
    canvas.height = 480
    const draw = () => {
      const context = canvas.getContext('2d')!
      context.fillStyle = '#3b6'
      context.fillRect(0, 0, 640, 480)
      context.fillStyle = '#fff'
      context.fillRect(200, 120, 240, 240)
    }
    draw()
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          draw()
          const stream = canvas.captureStream(10)
          setInterval(draw, 100)
          return stream
        },
      },
    })
  })
}

async function pickFile(page: Page, testId: string, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles({ name, mimeType, buffer })
}

test('a user verifies with three photos, an operator approves with TOTP, the user sees verified without reloading', async ({ page, context }) => {
  await fakeCamera(page)
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/verification')
  const panel = page.getByTestId('kyc-panel')
  await expect(panel).toHaveAttribute('data-state', 'not_started')

  // Nothing filled: the spec's message, and nothing is sent.
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'data input not complete' })).toBeVisible()

  await page.getByLabel('First name').fill('Ana')
  await page.getByLabel('Last name').fill('Verified-Test')
  await page.getByRole('radio', { name: 'Female' }).click()
  await page.getByTestId('kyc-birthdate').locator('input[type=date]').fill('1990-02-28')
  await page.getByLabel('Country').selectOption('PT')
  await page.getByLabel('Phone').fill('+351 912 345 678')
  await page.getByLabel('Address').fill('Rua das Flores 12, Lisboa')

  // Fields complete, photos missing: the spec's picture message.
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'upload the required picture' })).toBeVisible()

  // An SVG dressed as a photo is refused by the server, in its words, and nothing is previewed.
  await pickFile(page, 'kyc-front', 'front.jpg', 'image/jpeg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
  await expect(page.getByTestId('kyc-front')).toContainText('image format incorrect; supported formats are JPG, JPEG2000 and PNG')
  await expect(page.getByTestId('kyc-front').locator('img')).toHaveCount(0)

  await pickFile(page, 'kyc-front', 'front.jpg', 'image/jpeg', await photo('#246'))
  await expect(page.getByTestId('kyc-front').locator('img')).toBeVisible()
  await pickFile(page, 'kyc-back', 'back.png', 'image/png', await sharp(await photo('#642')).png().toBuffer())
  await expect(page.getByTestId('kyc-back').locator('img')).toBeVisible()
  // The third from the camera.
  await page.getByTestId('kyc-holding').getByRole('button', { name: 'Take a photo' }).click()
  const camera = page.getByRole('dialog')
  await camera.getByRole('button', { name: 'Take the photo' }).click()
  await expect(camera).toHaveCount(0)
  await expect(page.getByTestId('kyc-holding').locator('img')).toBeVisible()

  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(panel).toHaveAttribute('data-state', 'pending')
  await expect(panel).toContainText('up to 48 hours')

  // The page is never reloaded from here on: a mark on the window survives only without one.
  await page.evaluate(() => Object.assign(window, { kycNoReload: true }))

  const ops = await context.newPage()
  const operator = await createOperator(ops, ['compliance'])
  await ops.goto('/ops')
  await fillOpsSignIn(ops, operator)
  await ops.getByRole('navigation').getByRole('link', { name: 'Identity reviews' }).click()
  const review = ops.getByRole('region', { name: 'Ana Verified-Test' })
  await expect(review).toBeVisible()
  await expect(review).toContainText('+351 912 345 678')
  // The three photos, fetched with the operator's token.
  for (const name of ['Photo: Front', 'Photo: Back', 'Photo: Holding the document']) {
    await expect(review.getByRole('img', { name })).toBeVisible()
    expect(await review.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }
  await review.getByRole('button', { name: 'Approve' }).click()
  await expect(review).toHaveCount(0)

  await page.bringToFront()
  await expect(panel).toHaveAttribute('data-state', 'verified')
  await expect(page.getByTestId('kyc-state')).toHaveText('Verified')
  expect(await page.evaluate(() => (window as unknown as { kycNoReload?: boolean }).kycNoReload)).toBe(true)
})

test('without camera access the form says so and offers the file picker', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined }))
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/verification')
  const chooser = page.waitForEvent('filechooser')
  await page.getByTestId('kyc-holding').getByRole('button', { name: 'Take a photo' }).click()
  await chooser
  await expect(page.getByTestId('kyc-holding')).toContainText('access to user media not supported')
})
