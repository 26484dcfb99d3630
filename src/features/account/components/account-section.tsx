import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session.ts'
import { LanguageSelect } from '../../../components/language-select.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Card } from '../../../components/ui/card.tsx'
import type { AccountSection as Section } from '../sections.ts'
import { FormatPreview } from './format-preview.tsx'
import { SignedOut } from './signed-out.tsx'

/** One account sub-page: a page header with the way back to /profile, then its panel (no account card above). */
export function AccountSection({ section, panel }: { section: Section; panel?: ReactNode }) {
  const { i18n } = useLingui()
  const token = useSession((s) => s.token)
  const hasLanguage = section.type === 'language' || section.type === 'settings'
  return (
    <section aria-labelledby="section-title" className="account-section">
      <PageHeader title={<span id="section-title">{i18n._(section.label)}</span>} back="/profile" />
      {section.isPrivate && !token ? (
        <SignedOut />
      ) : (
        <>
          {panel}
          {hasLanguage && (
            <Card>
              <div className="field">
                <label className="field-label" htmlFor="language-select-account">
                  <Trans>Language</Trans>
                </label>
                <LanguageSelect id="language-select-account" />
              </div>
            </Card>
          )}
          {section.type === 'settings' && <FormatPreview />}
        </>
      )}
    </section>
  )
}
