// Reads the Lingui catalogs (locales/<bcp47>/messages.po, screens.po, server.po, ops.po) for the catalog tests, and takes ICU
// messages apart just enough to compare placeholders and plural categories. Test support only: the app never
// imports it, so nothing here reaches the bundle.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parsePoFile } from '@lingui/format-po'
import { LANGUAGES } from '#contract/locales.ts'

export const CATALOGS = ['messages', 'screens', 'server', 'ops'] as const
export type CatalogName = (typeof CATALOGS)[number]
export type Entry = { key: string; msgid: string; context?: string; english: string; translation: string }

const localesDir = join(import.meta.dirname, '..', 'locales')
export const BCP47 = LANGUAGES.map((l) => l.bcp47)

/** The catalog's live entries; `english` is the source text (server.po keeps only keys in msgid). */
export function readCatalog(locale: string, name: CatalogName): Entry[] {
  const po = parsePoFile(readFileSync(join(localesDir, locale, `${name}.po`), 'utf8'))
  const english = name === 'server' && locale !== 'en-US' ? new Map(readCatalog('en-US', name).map((e) => [e.key, e.english])) : null
  return po.items
    .filter((item) => !item.obsolete)
    .map((item) => {
      const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`
      const translation = item.msgstr[0] ?? ''
      const source = english ? (english.get(key) ?? '') : name === 'server' ? translation : item.msgid
      return { key, msgid: item.msgid, context: item.msgctxt ?? undefined, english: source, translation }
    })
}

export type IcuShape = { args: Set<string>; plurals: { arg: string; categories: string[] }[] }

/** Argument names ({name}, {count, plural, ...}) and plural categories of an ICU message, nested ones included. */
export function icuShape(message: string): IcuShape {
  const shape: IcuShape = { args: new Set(), plurals: [] }
  walk(message, 0, shape, false)
  return shape
}

// Reads text until an unmatched '}' (or the end) and returns the index after it.
function walk(s: string, start: number, shape: IcuShape, nested: boolean): number {
  let i = start
  while (i < s.length) {
    const c = s[i]
    if (c === '}' && nested) return i + 1
    if (c === '{') i = argument(s, i + 1, shape)
    else i++
  }
  return i
}

function argument(s: string, start: number, shape: IcuShape): number {
  const head = /^\s*([^\s,{}]+)\s*(?:,\s*([a-z]+)\s*)?/.exec(s.slice(start))
  if (!head) return walk(s, start, shape, true)
  const [matched, name = '', type] = head
  shape.args.add(name)
  let i = start + matched.length
  if (type === 'plural' || type === 'selectordinal' || type === 'select') {
    i = s.indexOf(',', i) + 1 || s.length
    const categories: string[] = []
    for (;;) {
      const option = /^\s*(offset:\s*\d+\s*)?([^\s{}]+)\s*\{/.exec(s.slice(i))
      if (!option) break
      categories.push(option[2] ?? '')
      i = walk(s, i + option[0].length, shape, true)
    }
    if (type === 'plural') shape.plurals.push({ arg: name, categories })
    const close = s.indexOf('}', i)
    return close < 0 ? s.length : close + 1
  }
  // A simple {name} or a styled {n, number, ...}: skip to the matching brace.
  for (let depth = 1; i < s.length && depth > 0; i++) {
    if (s[i] === '{') depth++
    else if (s[i] === '}') depth--
  }
  return i
}
