// The sum tree and the shared verifier (src/contract/liability-tree.ts), without a database: every proof of a tree
// verifies against its root with WebCrypto, the totals are the exact sums of the leaves, and any tampering (a balance,
// a sibling's sum, a sibling's hash, another user's leaf on this path) fails.
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { EMPTY_ROOT, verifyInclusion, type InclusionProof } from '#contract/liability-tree.ts'
import { buildTree, proofFromTree, siblingsOf, type LeafInput } from './liabilities.tree.ts'

const leaf = (balances: string[]): LeafInput => ({ userId: randomUUID(), salt: randomBytes(32), balances })
const randomUnits = () => (randomInt(4) === 0 ? '0' : `${randomInt(1, 2 ** 40)}${randomInt(10 ** 6)}`)
const published = (tree: ReturnType<typeof buildTree>) => ({ root: tree.root, totals: tree.totals })
const sumOf = (leaves: LeafInput[], c: number) => leaves.reduce((s, l) => s + BigInt(l.balances[c]!), 0n).toString()

describe('the liability sum tree', () => {
  it('has the leaf as its root with one user, and the hash of nothing with none', async () => {
    const one = buildTree([leaf(['1500000'])], 1)
    expect(one.totals).toEqual(['1500000'])
    const proof = proofFromTree(one, 0)
    expect(proof.path).toEqual([])
    expect(await verifyInclusion(proof, published(one))).toEqual({ ok: true, root: one.root })
    expect(buildTree([], 2)).toMatchObject({ root: EMPTY_ROOT, totals: ['0', '0'] })
  })

  it('proves every leaf of trees of odd and even sizes, carrying a lone last node up without counting it twice', async () => {
    for (const size of [2, 3, 5, 6, 7, 9, 16, 17]) {
      const leaves = Array.from({ length: size }, () => leaf([randomUnits(), randomUnits()]))
      const tree = buildTree(leaves, 2)
      expect(tree.totals).toEqual([sumOf(leaves, 0), sumOf(leaves, 1)])
      for (let i = 0; i < size; i++) {
        const proof = proofFromTree(tree, i)
        expect(proof.path.length).toBe(siblingsOf(i, size).length)
        expect(await verifyInclusion(proof, published(tree)), `leaf ${i} of ${size}`).toMatchObject({ ok: true })
      }
    }
  })

  it('builds 100 000 leaves in one pass whose totals are exact and whose proofs verify', async () => {
    const leaves = Array.from({ length: 100_000 }, () => leaf([randomUnits(), randomUnits(), randomUnits()]))
    const tree = buildTree(leaves, 3)
    expect(tree.levels[0]).toHaveLength(100_000)
    expect(tree.levels.at(-1)).toHaveLength(1)
    expect(tree.totals).toEqual([0, 1, 2].map((c) => sumOf(leaves, c)))
    for (const i of [0, 1, 99_999, randomInt(100_000), randomInt(100_000)]) {
      const proof = proofFromTree(tree, i)
      // 17 levels above the leaves; the last leaves are carried up past some of them.
      expect(proof.path.length).toBe(i === 0 ? 17 : siblingsOf(i, 100_000).length)
      expect(proof.path.length).toBeLessThanOrEqual(17)
      expect(await verifyInclusion(proof, published(tree))).toMatchObject({ ok: true })
    }
  })

  describe('refuses a tampered proof', () => {
    const leaves = Array.from({ length: 12 }, () => leaf([randomUnits(), `${randomInt(1, 10 ** 9)}`]))
    const tree = buildTree(leaves, 2)
    const proofOf = (i: number): InclusionProof => structuredClone(proofFromTree(tree, i))
    const bump = (units: string) => (BigInt(units) + 1n).toString()

    it('a balance of the leaf raised by one unit', async () => {
      const proof = proofOf(3)
      proof.balances[1] = bump(proof.balances[1]!)
      expect(await verifyInclusion(proof, published(tree))).toMatchObject({ ok: false, reason: 'root' })
    })

    it("a sibling's sum changed, or made negative to hide a balance", async () => {
      const proof = proofOf(5)
      proof.path[1]!.sums[1] = bump(proof.path[1]!.sums[1]!)
      expect(await verifyInclusion(proof, published(tree))).toMatchObject({ ok: false, reason: 'root' })
      const negative = proofOf(5)
      negative.path[0]!.sums[1] = `-${negative.path[0]!.sums[1]}`
      expect(await verifyInclusion(negative, published(tree))).toMatchObject({ ok: false, reason: 'negative' })
    })

    it("a sibling's hash, or its side, changed", async () => {
      const proof = proofOf(0)
      proof.path[2]!.hash = randomBytes(32).toString('hex')
      expect(await verifyInclusion(proof, published(tree))).toMatchObject({ ok: false, reason: 'root' })
      const swapped = proofOf(0)
      swapped.path[0]!.side = swapped.path[0]!.side === 'left' ? 'right' : 'left'
      expect(await verifyInclusion(swapped, published(tree))).toMatchObject({ ok: false, reason: 'root' })
    })

    it("user A's path with user B's leaf (their id, salt and balances)", async () => {
      const [a, b] = [proofOf(2), proofOf(9)]
      expect(await verifyInclusion({ ...b, path: a.path }, published(tree))).toMatchObject({ ok: false, reason: 'root' })
      expect(await verifyInclusion({ ...a, userId: b.userId }, published(tree))).toMatchObject({ ok: false, reason: 'root' })
    })

    it('published totals that differ from the root sums', async () => {
      const totals = [tree.totals[0]!, bump(tree.totals[1]!)]
      expect(await verifyInclusion(proofOf(1), { root: tree.root, totals })).toMatchObject({ ok: false, reason: 'totals' })
    })
  })
})
