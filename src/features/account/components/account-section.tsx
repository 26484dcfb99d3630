import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { LanguageSelect } from '../../../components/language-select.tsx'
import type { ACCOUNT_SECTIONS } from '../sections.ts'

export function AccountSection({ section, panel }: { section: (typeof ACCOUNT_SECTIONS)[number]; panel?: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <section className="card" aria-labelledby="section-title">
      <Link to="/profile/{-$type}" params={{ type: undefined }} className="back-link">
        <Trans>Back to account</Trans>
      </Link>
      <h2 id="section-title">{i18n._(section.label)}</h2>
      {panel ?? (section.body && <p>{i18n._(section.body)}</p>)}
      {(section.type === 'language' || section.type === 'settings') && (
        <label className="field">
          <span>
            <Trans>Language</Trans>
          </span>
          <LanguageSelect id="language-select-account" />
        </label>
      )}
    </section>
  )
}
