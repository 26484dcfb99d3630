// The shared verifier on the example of docs/proof-of-liabilities.md (three users, two currencies), whose root an
// independent implementation of the documented construction computes too: the app and any outside verifier agree.
import { describe, expect, it } from 'vitest'
import { encodeSums, leafHash, unitsToDecimal, verifyInclusion, type InclusionProof } from './liability-tree.ts'

const published = { root: 'c1d16bd31c511314cd085b3b562c3ddd8eafb81dd6cfec41f3494c0097b06aa5', totals: ['125000000', '1542500000'] }
const first: InclusionProof = {
  userId: '00000000-0000-4000-8000-000000000001',
  salt: '01'.repeat(32),
  balances: ['25000000', '1500000000'],
  path: [{ side: 'left', hash: '23d380757c296927887aa8bf068dc841e58eaf9c3e6aac3096c6ec1a160448fb', sums: ['100000000', '42500000'] }],
}
const third: InclusionProof = {
  userId: '00000000-0000-4000-8000-000000000003',
  salt: '03'.repeat(32),
  balances: ['100000000', '0'],
  path: [
    { side: 'left', hash: '5e88731793744b58b45aff7f77cec02f191c42a3c48469f192ae51423586465f', sums: ['0', '42500000'] },
    { side: 'right', hash: 'f71f9c54995801a2e1d6b4dd28ba78689ab13aa6648600280393b179b3ed682f', sums: ['25000000', '1500000000'] },
  ],
}

describe('the liability proof verifier', () => {
  it("verifies the documented example's proofs with WebCrypto", async () => {
    expect(await leafHash(first)).toBe('f71f9c54995801a2e1d6b4dd28ba78689ab13aa6648600280393b179b3ed682f')
    expect(await verifyInclusion(first, published)).toEqual({ ok: true, root: published.root })
    expect(await verifyInclusion(third, published)).toEqual({ ok: true, root: published.root })
  })

  it('refuses the example with one unit more, another salt, or a proof shaped wrongly', async () => {
    expect(await verifyInclusion({ ...first, balances: ['25000001', '1500000000'] }, published)).toMatchObject({ ok: false, reason: 'root' })
    expect(await verifyInclusion({ ...first, salt: '02'.repeat(32) }, published)).toMatchObject({ ok: false, reason: 'root' })
    expect(await verifyInclusion({ ...first, balances: ['25000000'] }, published)).toEqual({ ok: false, reason: 'malformed' })
    expect(await verifyInclusion({ ...first, balances: ['025000000', '1500000000'] }, published)).toEqual({ ok: false, reason: 'malformed' })
    const negative = { ...first, path: [{ ...first.path[0]!, sums: ['-100000000', '42500000'] }] }
    expect(await verifyInclusion(negative, published)).toEqual({ ok: false, reason: 'negative' })
  })

  it('writes sums as canonical integers and shows smallest units as decimals', () => {
    expect(encodeSums(['25000000', '0'])).toBe('25000000,0')
    expect(() => encodeSums(['-1'])).toThrow()
    expect(() => encodeSums(['1.5'])).toThrow()
    expect(unitsToDecimal('1500000', 6)).toBe('1.5')
    expect(unitsToDecimal('25000000', 8)).toBe('0.25')
    expect(unitsToDecimal('1234500000', 6)).toBe('1234.5')
    expect(unitsToDecimal('0', 18)).toBe('0')
    expect(unitsToDecimal('7', 0)).toBe('7')
  })
})
