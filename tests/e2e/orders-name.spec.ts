// The orders screen has one name wherever it is named: the account list's row, the screen's title and the markets
// screen's switch all say "Orders" (the switch said "My orders"), in every language; Korean no longer calls it "order
// history" next to its own History tab, and the history's Positions/Limit orders switch says "Positions" as the tab
// does (Japanese and Chinese showed the totals' "number of positions").
import { expect, test, type Page } from '@playwright/test'
import { installWallet } from './fixtures/wallet.ts'
import { isDesktop, signInFresh } from './fixtures/app.ts'

async function switchTo(page: Page, code: string, bcp47: string) {
  await page.goto('/profile/language')
  await page.locator('#language-select-account').selectOption(code)
  await expect(page.locator('html')).toHaveAttribute('lang', bcp47)
}

/** The account row, the screen's title and (on a phone, where the markets screen switches) the switch. */
async function expectNamed(page: Page, name: string) {
  await page.goto('/profile')
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
  await page.goto('/profile/orders')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.goto('/trades')
  if (isDesktop(page)) await expect(page.getByRole('tablist', { name, exact: true })).toBeVisible()
  else await expect(page.getByRole('radio', { name, exact: true })).toBeVisible()
}

test('the orders screen is "Orders" in the account list, its title and the markets switch, in each language', async ({ page }) => {
  const wallet = await installWallet(page)
  await signInFresh(page, wallet)
  await expectNamed(page, 'Orders')
  await expect(page.getByText('My orders')).toHaveCount(0)

  await switchTo(page, 'kr_KR', 'ko-KR')
  await expectNamed(page, '주문')

  await switchTo(page, 'jp_JP', 'ja-JP')
  await expectNamed(page, '注文')
  await page.goto('/profile/orders')
  await page.getByRole('tab', { name: '履歴' }).click()
  await expect(page.getByRole('radio', { name: 'ポジション', exact: true })).toBeVisible()
})
