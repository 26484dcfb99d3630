// Lingui set-up: the app's catalogs live in locales/<bcp47>/<name>.po and are compiled by the Vite plugin on import,
// one chunk per language and catalog (the service worker precaches them). `messages` is what the first screen (home,
// the intro board, the layout, sign-in) shows and loads at start; `screens` holds the later screens' messages
// (lingui.config.ts lists their folders) and loads with the first of them (routes/__root.tsx), so a first visit does
// not fetch them (bench/size.ts). The product's language codes map to BCP 47 in the contract; the stored choice is
// what the Language header carries.
import { i18n, type Messages } from '@lingui/core'
import { toBcp47, type LanguageCode } from '#contract/locales.ts'
import { updateSession } from './session.ts'

type Catalog = () => Promise<{ messages: Messages }>
const CATALOGS = {
  messages: import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po'),
  screens: import.meta.glob<{ messages: Messages }>('../../locales/*/screens.po'),
} satisfies Record<string, Record<string, Catalog>>
type CatalogName = keyof typeof CATALOGS

/** The catalogs the app has asked for so far; a language switch loads each of them again, in the new language. */
const wanted = new Set<CatalogName>(['messages'])
/** The language last asked for, and what is active: a slower, older load never wins over a newer one. */
let target = 'en-US'
let active = { locale: '', catalogs: 0 }

function catalogFor(name: CatalogName, bcp47: string): Catalog {
  const byPath = CATALOGS[name] as Record<string, Catalog>
  return (byPath[`../../locales/${bcp47}/${name}.po`] ?? byPath[`../../locales/en-US/${name}.po`])!
}

/** Loads every wanted catalog of the target language and activates them together, so nothing shows in English. */
async function sync(): Promise<void> {
  const locale = target
  const names = [...wanted]
  const loaded = await Promise.all(names.map((name) => catalogFor(name, locale)()))
  // Asked for meanwhile (another language, another catalog): the newer call activates.
  if (locale !== target || names.length !== wanted.size) return sync()
  if (active.locale === locale && active.catalogs === names.length) return
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...loaded.map((c) => c.messages)) as Messages })
  active = { locale, catalogs: names.length }
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export async function activateLanguage(code: LanguageCode): Promise<void> {
  target = toBcp47(code)
  await sync()
}

/** The later screens' messages in the active language (and in every language switched to from now on). */
export async function loadScreenMessages(): Promise<void> {
  if (wanted.has('screens') && active.locale === target && active.catalogs === wanted.size) return
  wanted.add('screens')
  await sync()
}

/** Switch language: persist the choice (sent as the Language header from now on) and re-render in it. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  // Persist first: a reload while the catalog chunk is still loading keeps the new choice.
  updateSession({ language: code })
  await activateLanguage(code)
}

export { i18n }
