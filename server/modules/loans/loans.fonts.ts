// The agreement's fonts: Noto Sans from @fontsource packages (npm, so every machine and CI has them; nothing is
// installed by hand), read by the server only, never bundled into the app. Fontsource ships each font as slices by
// Unicode range (latin, cyrillic, vietnamese; CJK in about a hundred numbered slices), each a WOFF file that fontkit
// reads; a character is drawn with the first slice of the language's fonts that has a glyph for it, and pdf-lib
// embeds only the glyphs used (subset). The slices are parsed once per process, lazily, per language.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import type { Bcp47 } from '#contract/locales.ts'

const require = createRequire(import.meta.url)
// @pdf-lib/fontkit's Indic shaper (Devanagari) was compiled with transpiled generators that look up a global
// regeneratorRuntime; without it, laying out Hindi text throws.
;(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= require('regenerator-runtime')

/** The script's own font first, then Noto Sans (Latin, Cyrillic, Vietnamese, Greek: digits, addresses, '%'). */
const PACKAGES: Partial<Record<Bcp47, string[]>> = {
  'hi-IN': ['@fontsource/noto-sans-devanagari', '@fontsource/noto-sans'],
  'th-TH': ['@fontsource/noto-sans-thai', '@fontsource/noto-sans'],
  'ja-JP': ['@fontsource/noto-sans-jp', '@fontsource/noto-sans'],
  'ko-KR': ['@fontsource/noto-sans-kr', '@fontsource/noto-sans'],
  'zh-CN': ['@fontsource/noto-sans-sc', '@fontsource/noto-sans'],
  'zh-TW': ['@fontsource/noto-sans-tc', '@fontsource/noto-sans'],
}
const LATIN = ['@fontsource/noto-sans']

export type FontSlice = { path: string; bytes: Uint8Array; has: (codePoint: number) => boolean }

const slicesOf = new Map<string, FontSlice[]>()

/** A package's regular (400, normal) WOFF slices: latin first (the common case), then the others by name. */
function packageSlices(name: string): FontSlice[] {
  const cached = slicesOf.get(name)
  if (cached) return cached
  const dir = join(dirname(require.resolve(`${name}/package.json`)), 'files')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('-400-normal.woff'))
    .sort((a, b) => Number(b.includes('-latin-400')) - Number(a.includes('-latin-400')) || a.localeCompare(b, 'en', { numeric: true }))
  const slices = files.flatMap((file): FontSlice[] => {
    const path = join(dir, file)
    const bytes = readFileSync(path)
    const font = fontkit.create(bytes)
    // A few CJK slices carry only a character map fontkit cannot read: they are left out (their neighbours cover
    // the text of the agreement).
    try {
      font.hasGlyphForCodePoint(0x30)
    } catch {
      return []
    }
    return [{ path, bytes, has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) }]
  })
  slicesOf.set(name, slices)
  return slices
}

/** The slices an agreement in `language` draws with, in the order a character looks for its glyph. */
export const fontSlices = (language: Bcp47): FontSlice[] => (PACKAGES[language] ?? LATIN).flatMap(packageSlices)
