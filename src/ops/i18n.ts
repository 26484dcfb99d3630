// The console's strings are in locales/<bcp47>/ops.po, a catalog only this bundle loads; the shared kit's strings
// (src/components/ui) stay in messages.po, which the console loads beside it. The language is the one the user app
// stored (src/lib/session.ts), changed with the console's own select.
import { i18n } from '@lingui/core'
import { toBcp47, type LanguageCode } from '#contract/locales.ts'
import { updateSession } from '../lib/session.ts'

type Catalog = () => Promise<{ messages: Record<string, unknown> }>
const kit = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/*/messages.po')
const ops = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/*/ops.po')

const load = (catalogs: Record<string, Catalog>, bcp47: string, name: string) =>
  (catalogs[`../../locales/${bcp47}/${name}.po`] ?? catalogs[`../../locales/en-US/${name}.po`])!()

export async function activateOpsLanguage(code: LanguageCode): Promise<void> {
  const bcp47 = toBcp47(code)
  const [a, b] = await Promise.all([load(kit, bcp47, 'messages'), load(ops, bcp47, 'ops')])
  i18n.loadAndActivate({ locale: bcp47, messages: { ...a.messages, ...b.messages } as never })
  document.documentElement.lang = bcp47
}

export async function changeOpsLanguage(code: LanguageCode): Promise<void> {
  updateSession({ language: code })
  await activateOpsLanguage(code)
}

export { i18n }
