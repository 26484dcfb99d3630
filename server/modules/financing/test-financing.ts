// Shared by the financing tests: the earn tests' app (a clock the test moves, operators, users, the reserve funded
// through the console), plus financing products made through the console and the user's calls.
import type { FinancingOrder } from '#contract/financing.ts'
import type { OpsFinancingInput, OpsFinancingProduct } from '#contract/ops-financing.ts'
import { earnTestApp } from '../earn/test-earn.ts'

export type FinancingTest = Awaited<ReturnType<typeof financingTestApp>>

export async function financingTestApp() {
  const t = await earnTestApp()
  /** 30 days at 7.3 % a year: 1 000 earns 0.2 a day, 6 for the term; early redemption keeps 2 % of the principal. */
  async function product(input: Partial<OpsFinancingInput> = {}): Promise<OpsFinancingProduct> {
    const body = { names: { en_US: 'Fixed 30', de_DE: 'Fest 30' }, days: 30, minAmount: '100', maxAmount: '5000', annualRate: '0.073', earlyShare: '0.02', earlyForfeit: false, ...input }
    const res = await t.ops('/api/ops/financing/products/create', body)
    if (res.status !== 200) throw new Error(`product: ${JSON.stringify(res.body)}`)
    return res.body.data as OpsFinancingProduct
  }
  const buy = (token: string, productId: string, amount: string | undefined, key?: string) => t.post('/api/createFinancingOrder', token, { productId, amount }, key)
  const redeem = (token: string, id: string, key?: string, expected?: string) => t.post('/api/earlyRedeemFinancingOrder', token, { id, expected }, key)
  const orders = async (token: string) => ((await t.get('/api/getFinancingOrderList', token)).body.data as { list: FinancingOrder[] }).list
  return { ...t, product, buy, redeem, orders }
}
