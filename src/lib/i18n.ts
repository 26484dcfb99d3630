// Lingui set-up: catalogs live in locales/<bcp47>/messages.po and are compiled by the Vite plugin on import, one
// chunk per language (the service worker precaches them). The product's language codes map to BCP 47 in the
// contract; the stored choice is what the Language header carries.
import { i18n } from '@lingui/core'
import { toBcp47, type LanguageCode } from '#contract/locales.ts'
import { updateSession } from './session.ts'

const catalogs = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/*/messages.po')

export async function activateLanguage(code: LanguageCode): Promise<void> {
  const bcp47 = toBcp47(code)
  const load = catalogs[`../../locales/${bcp47}/messages.po`] ?? catalogs['../../locales/en-US/messages.po']
  const { messages } = await load!()
  i18n.loadAndActivate({ locale: bcp47, messages: messages as never })
  if (typeof document !== 'undefined') document.documentElement.lang = bcp47
}

/** Switch language: persist the choice (sent as the Language header from now on) and re-render in it. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  // Persist first: a reload while the catalog chunk is still loading keeps the new choice.
  updateSession({ language: code })
  await activateLanguage(code)
}

export { i18n }
