import { useLingui } from '@lingui/react/macro'
import { LANGUAGES, isLanguageCode } from '#contract/locales.ts'
import { changeLanguage } from '../lib/i18n.ts'
import { useSession } from '../lib/session.ts'

/** Switches the interface language; the choice persists and is sent as the Language header. */
export function LanguageSelect({ id = 'language-select' }: { id?: string }) {
  const { t } = useLingui()
  const language = useSession((s) => s.language)
  return (
    <select
      id={id}
      className="language-select"
      aria-label={t`Language`}
      value={language}
      onChange={(e) => isLanguageCode(e.target.value) && void changeLanguage(e.target.value)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.bcp47}>
          {l.name}
        </option>
      ))}
    </select>
  )
}
