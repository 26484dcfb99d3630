// The fingerprint of a money-moving request: sha256 of the canonical JSON of its validated body and query. Validated,
// so defaults the schema fills in and whitespace or key order in the sent JSON do not make two equal requests differ.
import { createHash } from 'node:crypto'

/** JSON with object keys sorted at every depth; `undefined` members are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  // A round trip through JSON first turns Dates, toJSON() and undefined into what the answer would carry.
  const plain: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value))
  return JSON.stringify(sortKeys(plain))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}

export function fingerprintOf(request: { body: unknown; query: unknown }): string {
  const canonical = canonicalJson({ body: request.body ?? null, query: request.query ?? null })
  return createHash('sha256').update(canonical).digest('hex')
}
