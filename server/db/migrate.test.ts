// The migrations' order: drizzle applies only migrations newer than the newest one a database has, so one whose time
// stamp is older than an applied one is skipped for good. The journal must keep them in order, and a database that
// missed one refuses to start (migrate.ts skippedMigrations).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { skippedMigrations, type JournalEntry } from './migrate.ts'

const entries = (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: JournalEntry[] }).entries

describe('migrations', () => {
  it('are stamped in the order of their numbers, so none is applied after a newer one', () => {
    entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i)
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true)
      if (i > 0) expect(entry.when).toBeGreaterThan(entries[i - 1]!.when)
    })
  })

  it('names the ones a database skipped because a newer one was applied first', () => {
    const all = entries.map((e) => e.when)
    expect(skippedMigrations(entries, all)).toEqual([])
    expect(skippedMigrations(entries, all.slice(0, 5))).toEqual([])
    const withoutTwo = all.filter((_, i) => i !== 15 && i !== 17)
    expect(skippedMigrations(entries, withoutTwo)).toEqual([entries[15]!.tag, entries[17]!.tag])
  })
})
