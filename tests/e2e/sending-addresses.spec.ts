// Sending addresses on the deposit screen: a signed-in user sees their sign-in wallet as proven, adds a second
// address (a hardware wallet, say) by pasting a signature of the server's exact message made with that address's key
// (here a viem account in the test), and sees it listed as proven; a signature by another key is refused with the
// server's message, and Remove takes the address off the list.
import { expect, test } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { signInFresh } from './fixtures/app.ts'
import { installWallet } from './fixtures/wallet.ts'

test('a user proves a second sending address by pasting a signature made elsewhere, and sees it listed as proven', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await page.goto('/profile/deposit')

  const section = page.getByTestId('sending-addresses')
  await expect(section).toContainText('anyone can see a transaction on chain')
  const own = section.getByTestId('sending-address').filter({ hasText: wallet.address })
  await expect(own).toContainText('Sign-in wallet, proven')

  const hardware = privateKeyToAccount(generatePrivateKey())
  await section.getByRole('button', { name: 'Add an address' }).click()
  await section.getByLabel('Address to add').fill('0x1234')
  await section.getByRole('button', { name: 'Get the message to sign' }).click()
  await expect(section.getByText('An address is 0x followed by 40 letters and digits')).toBeVisible()
  await section.getByLabel('Address to add').fill(hardware.address)
  await section.getByRole('button', { name: 'Get the message to sign' }).click()
  const shown = section.getByTestId('sending-message')
  await expect(shown).toContainText(`Address: ${hardware.address}`)
  const message = (await shown.textContent())!
  expect(message).toContain('Keelson')

  // Signed by a key that does not hold the address: the server says so and nothing is added.
  const stranger = privateKeyToAccount(generatePrivateKey())
  await section.getByLabel('Signature').fill(await stranger.signMessage({ message }))
  await section.getByRole('button', { name: 'Add address', exact: true }).click()
  await expect(section.getByText(`The signature is not by ${hardware.address} over this message`)).toBeVisible()

  // The hardware wallet signs the exact message shown; the user pastes its signature.
  await section.getByLabel('Signature').fill(await hardware.signMessage({ message }))
  await section.getByRole('button', { name: 'Add address', exact: true }).click()
  const added = section.getByTestId('sending-address').filter({ hasText: hardware.address })
  await expect(added).toContainText('Proven by signature')
  await expect(section.getByTestId('sending-message')).toHaveCount(0)

  // Still there after a reload (it is the server's list), and Remove takes it off.
  await page.reload()
  await expect(added).toContainText('Proven by signature')
  await added.getByRole('button', { name: `Remove ${hardware.address}` }).click()
  await expect(added).toHaveCount(0)
  await expect(own).toContainText('Sign-in wallet, proven')
})
