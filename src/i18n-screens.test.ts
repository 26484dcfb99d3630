// The later screens' folders (SCREEN_FOLDERS in lingui.config.ts) take their messages from screens.po, which only
// loads with a screen other than home (routes/__root.tsx). So: every message those folders use is in screens.po in
// every language, and the first screen (app/, the root and layout routes, the home routes) never imports those
// folders, which would render their messages before their catalog is there (message ids on screen).
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractor } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { SCREEN_FILES, SCREEN_FOLDERS } from '../lingui.config.ts'
import { BCP47, readCatalog } from './i18n-po.ts'

const root = join(import.meta.dirname, '..')
const SOURCE = /\.tsx?$/
const TEST = /\.test\.tsx?$/

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !TEST.test(file))
    .map((file) => join(folder, file))
}

/** A source Lingui's extractor can find a message in: one that imports Lingui, or calls or marks one for i18n. */
const MAY_HOLD_MESSAGES = /@lingui\/|i18n/

/**
 * The messages the files use, as `lingui extract` finds them. The extractor parses each file with Babel, about 20 ms
 * of CPU a file on an idle machine: the files that cannot hold a message (a third of them) are not parsed.
 */
async function messagesUsedIn(files: string[]): Promise<Set<string>> {
  const linguiConfig = getConfig({ cwd: root, skipValidation: true })
  const keys = new Set<string>()
  for (const file of files) {
    const code = readFileSync(join(root, file), 'utf8')
    if (!MAY_HOLD_MESSAGES.test(code)) continue
    await extractor.extract(file, code, (m) => void keys.add(`${m.context ?? ''}\u0004${m.message ?? m.id}`), { linguiConfig })
  }
  return keys
}

/** The modules of the first screen: everything in app/, and the routes a first visit renders. */
const FIRST_SCREEN = [
  ...sources('src/app'),
  'src/routes/__root.tsx',
  'src/routes/_app.tsx',
  'src/routes/_app/index.tsx',
  'src/routes/_app/home.tsx',
  'src/routes/_app/-lazy-book-badge.tsx',
]

describe('the later screens catalog (screens.po)', () => {
  // Its own time limit: parsing ~80 sources with Babel (cold: the first files are the slowest) and 16 catalogs is
  // about 2 s of CPU, which on a machine busy with other test files has taken over 7 s of the wall-clock time vitest's
  // 5 s default counts.
  it('holds, in every language, every message the later screens use', async () => {
    const used = await messagesUsedIn([...SCREEN_FOLDERS.flatMap(sources), ...SCREEN_FILES])
    expect(used.size).toBeGreaterThan(100)
    for (const locale of BCP47) {
      const keys = new Set(readCatalog(locale, 'screens').map((e) => e.key))
      expect([...used].filter((key) => !keys.has(key)).map((key) => `${locale}: ${key.replace('\u0004', ' | ')}`)).toEqual([])
    }
  }, 30_000)

  it('is not what the first screen imports (statically or lazily)', () => {
    const folders = SCREEN_FOLDERS.map((folder) => resolve(root, folder))
    const files = SCREEN_FILES.map((file) => resolve(root, file))
    const offending: string[] = []
    for (const file of FIRST_SCREEN) {
      const code = readFileSync(join(root, file), 'utf8')
      for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const target = resolve(root, dirname(file), specifier!)
        if (folders.some((folder) => target.startsWith(folder + '/')) || files.includes(target)) offending.push(`${file} -> ${relative(root, target)}`)
      }
    }
    expect(offending).toEqual([])
  })

  it('sees an import of a later screen', () => {
    const code = "import { DepositPanel } from '../features/deposit/components/deposit-panel.tsx'"
    const [, specifier] = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/.exec(code)!
    expect(resolve(root, 'src/app', specifier!).startsWith(resolve(root, SCREEN_FOLDERS.find((f) => f.endsWith('deposit'))!) + '/')).toBe(true)
  })
})
