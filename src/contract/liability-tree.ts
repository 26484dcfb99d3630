// Proof of liabilities: the exact construction of the Merkle sum tree (docs/proof-of-liabilities.md) and the check of
// one user's inclusion proof. Plain TypeScript on WebCrypto's SHA-256, with no import: the server builds the tree
// from these preimages and the app and the server's tests verify a proof with this very code.
//
// Amounts are integers in the currency's smallest unit (10^scale per unit), written in decimal digits: no float
// anywhere. A "sums" vector holds one amount per currency, in the snapshot's currency order.

/** The first byte of a leaf's and a node's preimage: a leaf can never be passed off as a node, nor the reverse. */
export const LEAF_TAG = 0x00
export const NODE_TAG = 0x01

/** One step of the path from a leaf up to the root: the sibling at that level and the side it sits on. */
export type ProofStep = { side: 'left' | 'right'; hash: string; sums: string[] }

/** What a user needs to recompute their leaf and walk it up to the root. */
export type InclusionProof = {
  userId: string
  /** 32 random bytes, hex: secret to this user and snapshot. */
  salt: string
  /** The user's liabilities in smallest units, per currency of the snapshot. */
  balances: string[]
  path: ProofStep[]
}

/** What the platform published: the root's hash and its sums (the totals owed per currency). */
export type PublishedRoot = { root: string; totals: string[] }

export type VerifyFailure = 'malformed' | 'negative' | 'root' | 'totals' | 'unavailable'
export type VerifyResult = { ok: true; root: string } | { ok: false; reason: VerifyFailure; root?: string }

export type Digest = (bytes: Uint8Array) => Promise<Uint8Array>

const UNITS = /^(0|[1-9]\d*)$/
const HEX32 = /^[0-9a-f]{64}$/

export const isUnits = (value: string) => UNITS.test(value)

/** The sums as hashed: the amounts joined by commas ("1500000,0"). Refuses anything but canonical non-negative integers. */
export function encodeSums(sums: readonly string[]): string {
  for (const s of sums) if (!UNITS.test(s)) throw new Error(`not an amount in smallest units: ${s}`)
  return sums.join(',')
}

export function addSums(a: readonly string[], b: readonly string[]): string[] {
  if (a.length !== b.length) throw new Error('sums of different currencies')
  return a.map((x, i) => (BigInt(x) + BigInt(b[i]!)).toString())
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) throw new Error('not lowercase hex')
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
export function bytesToHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += HEX[b]
  return out
}

const utf8 = new TextEncoder()

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** What the user id's hash is taken of: its text, UTF-8. */
export const userIdBytes = (userId: string) => utf8.encode(userId)

/** leaf = SHA-256(0x00 ‖ salt (32 bytes) ‖ SHA-256(user id) (32 bytes) ‖ UTF-8 of encodeSums(balances)). */
export function leafPreimage(salt: Uint8Array, userIdHash: Uint8Array, balances: readonly string[]): Uint8Array {
  if (salt.length !== 32 || userIdHash.length !== 32) throw new Error('salt and user id hash are 32 bytes each')
  return concat([Uint8Array.of(LEAF_TAG), salt, userIdHash, utf8.encode(encodeSums(balances))])
}

/** node = SHA-256(0x01 ‖ left hash (32 bytes) ‖ right hash (32 bytes) ‖ UTF-8 of encodeSums(left sums + right sums)). */
export function nodePreimage(left: Uint8Array, right: Uint8Array, sums: readonly string[]): Uint8Array {
  if (left.length !== 32 || right.length !== 32) throw new Error('hashes are 32 bytes')
  return concat([Uint8Array.of(NODE_TAG), left, right, utf8.encode(encodeSums(sums))])
}

/** The root of a snapshot with no leaf (nobody was owed anything): SHA-256 of nothing. */
export const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

/** SHA-256 through WebCrypto (browsers on HTTPS or localhost, Node 24). */
export const sha256: Digest = async (bytes) => {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) throw new Error('WebCrypto is not available')
  return new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
}

/** The leaf's hash for these balances, as the tree's builder computes it. */
export async function leafHash(proof: Pick<InclusionProof, 'userId' | 'salt' | 'balances'>, digest: Digest = sha256): Promise<string> {
  const salt = hexToBytes(proof.salt)
  return bytesToHex(await digest(leafPreimage(salt, await digest(userIdBytes(proof.userId)), proof.balances)))
}

/**
 * Recomputes the user's leaf, walks the path up adding each sibling's sums, and compares the hash and sums reached
 * with what was published. Fails on any sibling sum below zero (a negative sibling could hide a user's balance), on
 * a root that differs ('root') and on totals that differ ('totals').
 */
export async function verifyInclusion(proof: InclusionProof, published: PublishedRoot, digest: Digest = sha256): Promise<VerifyResult> {
  const width = published.totals.length
  const wellFormed =
    HEX32.test(proof.salt) &&
    HEX32.test(published.root) &&
    proof.balances.length === width &&
    published.totals.every(isUnits) &&
    proof.path.every((s) => HEX32.test(s.hash) && s.sums.length === width && (s.side === 'left' || s.side === 'right'))
  if (!wellFormed) return { ok: false, reason: 'malformed' }
  const amounts = [...proof.balances, ...proof.path.flatMap((s) => s.sums)]
  if (amounts.some((a) => a.startsWith('-'))) return { ok: false, reason: 'negative' }
  if (!amounts.every(isUnits)) return { ok: false, reason: 'malformed' }
  let hash: Uint8Array
  try {
    hash = hexToBytes(await leafHash(proof, digest))
    let sums = [...proof.balances]
    for (const step of proof.path) {
      sums = addSums(sums, step.sums)
      const sibling = hexToBytes(step.hash)
      hash = await digest(step.side === 'left' ? nodePreimage(sibling, hash, sums) : nodePreimage(hash, sibling, sums))
    }
    const root = bytesToHex(hash)
    if (root !== published.root) return { ok: false, reason: 'root', root }
    if (sums.some((s, i) => s !== published.totals[i])) return { ok: false, reason: 'totals', root }
    return { ok: true, root }
  } catch {
    return { ok: false, reason: 'unavailable' }
  }
}

/** "1500000" at scale 6 → "1.5": for showing an amount, never for computing one. */
export function unitsToDecimal(units: string, scale: number): string {
  if (scale === 0) return units
  const padded = units.padStart(scale + 1, '0')
  const whole = padded.slice(0, -scale)
  const fraction = padded.slice(-scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
