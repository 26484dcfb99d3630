// The language switches: a native select (account screen, desktop top bar) and a compact globe button that opens
// the list in a sheet, for the screens before sign-in (intro board, /empty, /sign, /pass/*, /changepwd).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LANGUAGES, isLanguageCode, toBcp47, type LanguageCode } from '#contract/locales.ts'
import { changeLanguage } from '../lib/i18n.ts'
import { useSession } from '../lib/session.ts'
import { Sheet } from './ui/sheet.tsx'
import { buttonClass } from './ui/button.tsx'
import { List, ListRow } from './ui/list-row.tsx'
import { IconCheck, IconGlobe } from './ui/icons.tsx'

/**
 * Switches the interface language; the choice persists and is sent as the Language header. `change` loads the
 * catalogs: the app's by default, the console's in src/ops.
 */
export function LanguageSelect({ id = 'language-select', change = changeLanguage }: { id?: string; change?: (code: LanguageCode) => Promise<void> }) {
  const { t } = useLingui()
  const language = useSession((s) => s.language)
  return (
    <select
      id={id}
      className="language-select"
      aria-label={t`Language`}
      value={language}
      onChange={(e) => isLanguageCode(e.target.value) && void change(e.target.value)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.bcp47}>
          {l.name}
        </option>
      ))}
    </select>
  )
}

/** A globe button (at least 44 px) showing the current language's short tag; the list opens in a sheet. */
export function LanguageButton() {
  const { t } = useLingui()
  const language = useSession((s) => s.language)
  const [open, setOpen] = useState(false)
  const current = LANGUAGES.find((l) => l.code === language)
  const choose = (code: LanguageCode) => {
    setOpen(false)
    void changeLanguage(code)
  }
  return (
    <>
      <button
        type="button"
        className={`${buttonClass('ghost')} language-button`}
        // The accessible name starts with the visible tag (WCAG 2.5.3, label in name).
        aria-label={`${toBcp47(language).slice(0, 2).toUpperCase()} · ${t`Language: ${current?.name ?? ''}`}`}
        aria-haspopup="dialog"
        data-testid="language-button"
        onClick={() => setOpen(true)}
      >
        <IconGlobe size={20} />
        <span aria-hidden="true">{toBcp47(language).slice(0, 2).toUpperCase()}</span>
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title={<Trans>Language</Trans>}>
        <List label={t`Language`}>
          {LANGUAGES.map((l) => (
            <ListRow
              key={l.code}
              label={<span lang={l.bcp47}>{l.name}</span>}
              chevron={false}
              trailing={
                l.code === language ? (
                  <>
                    <IconCheck size={20} />
                    <span className="visually-hidden">
                      <Trans>(current)</Trans>
                    </span>
                  </>
                ) : undefined
              }
              onClick={() => choose(l.code)}
              testId={`language-${l.code}`}
            />
          ))}
        </List>
      </Sheet>
    </>
  )
}
