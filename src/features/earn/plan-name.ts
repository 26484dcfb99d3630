import { LANGUAGES } from '#contract/locales.ts'

/** A plan's name in the active language (a BCP 47 tag), else its English one. */
export function planName(names: Record<string, string>, locale: string): string {
  const code = LANGUAGES.find((l) => l.bcp47 === locale)?.code
  return (code && names[code]) || names.en_US || ''
}
