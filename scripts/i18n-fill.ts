// Fills empty translations after `lingui extract` from a JSON file a translator wrote, so several people can
// translate their own new messages into every catalog without editing .po files by hand (and without touching
// anybody else's). A filled translation is never overwritten; a msgid the catalog does not have is reported.
//   { "de-DE": [{ "id": "Deposit", "str": "Einzahlen" }, { "ctx": "tab", "id": "Account", "str": "Konto" }], ... }
// Run: node scripts/i18n-fill.ts translations.json [catalog name: messages (default), server, ...]
// `messages` means the app's catalogs, messages.po and screens.po (lingui.config.ts): a message is filled in whichever
// of them extract put it.
import { readFileSync, writeFileSync } from 'node:fs'
import { APP_CATALOGS } from '../lingui.config.ts'

interface Fill {
  ctx?: string
  id: string
  str: string
}

const [file, catalog = 'messages'] = process.argv.slice(2)
if (!file) throw new Error('usage: node scripts/i18n-fill.ts translations.json [catalog]')
const byLocale = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Fill[]>
const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const key = (ctx: string | undefined, id: string) => `${ctx ?? ''}\u0004${id}`

let filled = 0
let unknown = 0
const files = catalog === 'messages' ? APP_CATALOGS : [catalog]
for (const [locale, fills] of Object.entries(byLocale)) {
  const wanted = new Map(fills.map((f) => [key(f.ctx, f.id), f.str]))
  const seen = new Set<string>()
  for (const name of files) fill(`locales/${locale}/${name}.po`, wanted, seen)
  for (const k of wanted.keys()) {
    if (seen.has(k)) continue
    unknown++
    console.warn(`locales/${locale}/${files.join('|')}.po: no message ${JSON.stringify(k.replace('\u0004', ' | '))}`)
  }
}
console.log(`${filled} translations filled, ${unknown} not found in the catalogs`)

function fill(path: string, wanted: Map<string, string>, seen: Set<string>): void {
  const lines = readFileSync(path, 'utf8').split('\n')
  for (let i = 0; i + 1 < lines.length; i++) {
    const id = /^msgid "(.*)"$/.exec(lines[i] ?? '')
    if (!id) continue
    const ctx = /^msgctxt "(.*)"$/.exec(lines[i - 1] ?? '')
    const k = key(ctx ? (JSON.parse(`"${ctx[1]}"`) as string) : undefined, JSON.parse(`"${id[1]}"`) as string)
    const str = wanted.get(k)
    if (str === undefined) continue
    seen.add(k)
    if (lines[i + 1] !== 'msgstr ""' || lines[i + 2]?.startsWith('"')) continue
    lines[i + 1] = `msgstr "${escape(str)}"`
    filled++
  }
  writeFileSync(path, lines.join('\n'))
}
