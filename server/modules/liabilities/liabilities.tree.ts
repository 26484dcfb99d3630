// Builds the Merkle sum tree of a snapshot in memory, in one pass per level, with the preimages of
// src/contract/liability-tree.ts (the construction every verifier uses) and Node's synchronous SHA-256: 100 000
// leaves are about 300 000 hashes, a second or two (more on a loaded machine). Leaves are ordered by their hash, which
// is random (salted), so a leaf's place says nothing about whose it is. A level of odd length carries its last node up
// unchanged (no duplicate: a duplicated node would count its sums twice), so that node's path has no step at that level.
import { createHash } from 'node:crypto'
import { bytesToHex, EMPTY_ROOT, leafPreimage, nodePreimage, userIdBytes, type InclusionProof, type ProofStep } from '#contract/liability-tree.ts'

export type LeafInput = { userId: string; salt: Uint8Array; balances: string[] }
export type TreeNode = { hash: Uint8Array; sums: bigint[] }
export type LiabilityTree = {
  /** The leaves in tree order (levels[0][i] is leaves[i]'s node). */
  leaves: LeafInput[]
  /** levels[0] the leaves, the last level the root alone; empty when there is no leaf. */
  levels: TreeNode[][]
  root: string
  totals: string[]
}

const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest()
const strings = (sums: bigint[]) => sums.map((s) => s.toString())

export function buildTree(input: LeafInput[], width: number): LiabilityTree {
  if (input.length === 0) return { leaves: [], levels: [], root: EMPTY_ROOT, totals: new Array<string>(width).fill('0') }
  const hashed = input.map((leaf) => ({
    leaf,
    node: { hash: sha256(leafPreimage(leaf.salt, sha256(userIdBytes(leaf.userId)), leaf.balances)), sums: leaf.balances.map(BigInt) },
  }))
  hashed.sort((a, b) => Buffer.compare(a.node.hash, b.node.hash))
  const levels: TreeNode[][] = [hashed.map((h) => h.node)]
  for (let level = levels[0]!; level.length > 1; ) {
    const next: TreeNode[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!
      const right = level[i + 1]
      if (!right) {
        next.push(left)
        continue
      }
      const sums = left.sums.map((s, c) => s + right.sums[c]!)
      next.push({ hash: sha256(nodePreimage(left.hash, right.hash, strings(sums))), sums })
    }
    levels.push(next)
    level = next
  }
  const top = levels[levels.length - 1]![0]!
  return { leaves: hashed.map((h) => h.leaf), levels, root: bytesToHex(top.hash), totals: strings(top.sums) }
}

/** Where the siblings of the leaf at `idx` sit, from the leaves up; a level where the node is carried up has none. */
export function siblingsOf(idx: number, leafCount: number): { level: number; idx: number; side: ProofStep['side'] }[] {
  const steps: { level: number; idx: number; side: ProofStep['side'] }[] = []
  for (let level = 0, size = leafCount; size > 1; level++, idx = Math.floor(idx / 2), size = Math.ceil(size / 2)) {
    if (idx % 2 === 1) steps.push({ level, idx: idx - 1, side: 'left' })
    else if (idx + 1 < size) steps.push({ level, idx: idx + 1, side: 'right' })
  }
  return steps
}

/** The inclusion proof of the leaf at `idx`, straight from a tree in memory (the service reads the same from the tables). */
export function proofFromTree(tree: LiabilityTree, idx: number): InclusionProof {
  const leaf = tree.leaves[idx]!
  return {
    userId: leaf.userId,
    salt: bytesToHex(leaf.salt),
    balances: leaf.balances,
    path: siblingsOf(idx, tree.leaves.length).map(({ level, idx: at, side }) => {
      const node = tree.levels[level]![at]!
      return { side, hash: bytesToHex(node.hash), sums: strings(node.sums) }
    }),
  }
}
