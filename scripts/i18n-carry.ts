// After `lingui extract`, fills an empty translation from the catalogs of a git ref (HEAD unless given) when the
// message only changed its brand or gained a context: "Welcome to Keelson" became "Welcome to {platformName}", or
// "Loan" became msgctxt "record kind" + "Loan". Each carried text is printed so a translator reviews it against
// docs/glossary.md (a new context often wants a different word). Plurals and new texts are left empty.
// Run: node scripts/i18n-carry.ts [git-ref]
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { parsePoFile } from '@lingui/format-po'
import { LANGUAGES } from '../src/contract/locales.ts'
import { APP_CATALOGS } from '../lingui.config.ts'

const BRAND = 'Keelson'
const ref = process.argv[2] ?? 'HEAD'
const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')

/** The ref's translations in the given catalogs (a message may have moved between the app's two catalogs). */
function previousTranslations(paths: string[]): Map<string, string> {
  const byMsgid = new Map<string, string>()
  for (const path of paths) readPrevious(path, byMsgid)
  return byMsgid
}

function readPrevious(path: string, byMsgid: Map<string, string>): void {
  let text: string
  try {
    text = execFileSync('git', ['show', `${ref}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return
  }
  for (const item of parsePoFile(text).items) {
    const translation = item.msgstr[0]
    const msgid = item.msgid.replaceAll(BRAND, '{platformName}')
    if (translation && !item.obsolete && !byMsgid.has(msgid)) byMsgid.set(msgid, translation.replaceAll(BRAND, '{platformName}'))
  }
}

let carried = 0
for (const { bcp47 } of LANGUAGES.filter((l) => l.bcp47 !== 'en-US')) {
  for (const name of [...APP_CATALOGS, 'server']) {
    const path = `locales/${bcp47}/${name}.po`
    const catalogs = APP_CATALOGS.includes(name) ? APP_CATALOGS : [name]
    const previous = previousTranslations(catalogs.map((c) => `locales/${bcp47}/${c}.po`))
    const lines = readFileSync(path, 'utf8').split('\n')
    for (let i = 0; i + 1 < lines.length; i++) {
      const id = /^msgid "(.*)"$/.exec(lines[i] ?? '')
      if (!id?.[1] || lines[i + 1] !== 'msgstr ""' || lines[i + 2]?.startsWith('"')) continue
      const msgid = JSON.parse(`"${id[1]}"`) as string
      const translation = previous.get(msgid)
      if (!translation) continue
      lines[i + 1] = `msgstr "${escape(translation)}"`
      carried++
      console.log(`${path}: ${lines[i - 1]?.startsWith('msgctxt') ? `${lines[i - 1]} ` : ''}"${msgid}" <- "${translation}"`)
    }
    writeFileSync(path, lines.join('\n'))
  }
}
console.log(`${carried} translations carried over from ${ref}; review them, then translate what is still empty.`)
