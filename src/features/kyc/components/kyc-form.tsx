// The identity form (docs/api.md, "Identity verification and uploads"). The checks are the server's own (kycProblems in the contract), so the
// inline messages and the server's answer agree; the product's 'data input not complete' and 'upload the required
// picture' lead the list of problems.
import { useMemo, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { COUNTRY_CODES, KYC_MIN_AGE, kycProblems, type DocumentType, type KycField, type KycForm as KycFormBody, type KycPicture, type KycSubmission } from '#contract/kyc.ts'
import { ApiError } from '../../../lib/api.ts'
import { useSession } from '../../../lib/session.ts'
import { Button } from '../../../components/ui/button.tsx'
import { DateField } from '../../../components/ui/date-field.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { Segmented } from '../../../components/ui/segmented.tsx'
import { useSubmitKyc } from '../api.ts'
import { PhotoPicker, type Picked } from './photo-picker.tsx'

type Fields = Record<KycField, string>
const EMPTY: Fields = { firstName: '', lastName: '', sex: '', birthdate: '', country: '', address: '', phone: '', documentType: 'id_card' }

/** The latest birthdate that is old enough today, as yyyy-mm-dd. */
function latestBirthdate(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear() - KYC_MIN_AGE, now.getUTCMonth(), now.getUTCDate()))
  return day.toISOString().slice(0, 10)
}

export function KycForm({ previous }: { previous: KycSubmission | null }) {
  const { t, i18n } = useLingui()
  const userId = useSession((s) => s.userId)
  const submit = useSubmitKyc(userId)
  const [fields, setFields] = useState<Fields>(previous ? { ...previous } : EMPTY)
  const [pictures, setPictures] = useState<Record<KycPicture, Picked | null>>({ frontImage: null, backImage: null, holdingImage: null })
  const [shown, setShown] = useState<ReturnType<typeof kycProblems> | null>(null)
  const set = (field: KycField) => (value: string) => setFields((f) => ({ ...f, [field]: value }))

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' })
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, i18n.locale))
  }, [i18n.locale])

  const body = (): KycFormBody => ({
    ...fields,
    frontImage: pictures.frontImage?.id,
    backImage: pictures.backImage?.id,
    holdingImage: pictures.holdingImage?.id,
  })

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = kycProblems(body(), new Date())
    setShown(found)
    if (found.missing.length + found.pictures.length + found.invalid.length > 0) return
    submit.mutate(body())
  }

  // Messages for the fields as they are now (a fixed field stops showing its message at once).
  const now = shown ? kycProblems(body(), new Date()) : null
  const invalidText: Record<KycField, string> = {
    firstName: t`Use letters only, up to 50`,
    lastName: t`Use letters only, up to 50`,
    sex: t`Choose one`,
    birthdate: t`You must be at least ${KYC_MIN_AGE} years old`,
    country: t`Choose a country`,
    address: t`Enter your full address (at least 5 characters)`,
    phone: t`Enter a phone number with its country code, digits only`,
    documentType: t`Choose one`,
  }
  const problemOf = (field: KycField) =>
    now?.missing.includes(field) ? t`Required` : now?.invalid.includes(field) ? invalidText[field] : undefined
  const pictureProblem = (picture: KycPicture) => (now?.pictures.includes(picture) ? t`upload the required picture` : undefined)
  const summary = now && now.missing.length > 0 ? t`data input not complete` : now && now.pictures.length > 0 ? t`upload the required picture` : null
  const docType = (fields.documentType || 'id_card') as DocumentType

  return (
    <form className="kyc-form" noValidate onSubmit={handleSubmit} aria-describedby="kyc-form-intro">
      <p id="kyc-form-intro" className="muted">
        <Trans>Enter your details exactly as they appear on your document. The review takes up to 48 hours.</Trans>
      </p>
      <div className="kyc-grid">
        <TextField label={t`First name`} name="firstName" autoComplete="given-name" value={fields.firstName} onChange={(e) => set('firstName')(e.target.value)} error={problemOf('firstName')} />
        <TextField label={t`Last name`} name="lastName" autoComplete="family-name" value={fields.lastName} onChange={(e) => set('lastName')(e.target.value)} error={problemOf('lastName')} />
        <div className="field">
          <span className="field-label" aria-hidden="true">
            <Trans>Sex</Trans>
          </span>
          <Segmented
            label={t`Sex`}
            value={fields.sex as 'male' | 'female'}
            onChange={set('sex')}
            options={[
              { value: 'male', label: t`Male` },
              { value: 'female', label: t`Female` },
            ]}
          />
          {problemOf('sex') && <p className="field-note error">{problemOf('sex')}</p>}
        </div>
        <div>
          <DateField label={t`Date of birth`} value={fields.birthdate} onChange={set('birthdate')} max={latestBirthdate(new Date())} placeholder={t`Choose a date`} testId="kyc-birthdate" />
          {problemOf('birthdate') && <p className="field-note error">{problemOf('birthdate')}</p>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="kyc-country">
            <Trans>Country</Trans>
          </label>
          <select id="kyc-country" className="select" value={fields.country} onChange={(e) => set('country')(e.target.value)} aria-invalid={problemOf('country') ? true : undefined}>
            <option value="">{t`Choose a country`}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {problemOf('country') && <p className="field-note error">{problemOf('country')}</p>}
        </div>
        <TextField label={t`Phone`} name="phone" type="tel" autoComplete="tel" inputMode="tel" value={fields.phone} onChange={(e) => set('phone')(e.target.value)} error={problemOf('phone')} />
        <TextField className="kyc-wide" label={t`Address`} name="address" autoComplete="street-address" value={fields.address} onChange={(e) => set('address')(e.target.value)} error={problemOf('address')} />
        <div className="field kyc-wide">
          <span className="field-label" aria-hidden="true">
            <Trans>Document</Trans>
          </span>
          <Segmented
            label={t`Document`}
            value={docType}
            onChange={set('documentType')}
            options={[
              { value: 'id_card', label: t`ID card` },
              { value: 'passport', label: t`Passport` },
            ]}
          />
        </div>
      </div>
      <div className="kyc-photos">
        <PhotoPicker
          testId="kyc-front"
          label={docType === 'passport' ? t`Passport photo page` : t`ID card, front`}
          hint={t`The whole document, sharp and without glare`}
          value={pictures.frontImage}
          onChange={(p) => setPictures((x) => ({ ...x, frontImage: p }))}
          error={pictureProblem('frontImage')}
        />
        <PhotoPicker
          testId="kyc-back"
          label={docType === 'passport' ? t`Passport, page with your signature` : t`ID card, back`}
          hint={t`The whole document, sharp and without glare`}
          value={pictures.backImage}
          onChange={(p) => setPictures((x) => ({ ...x, backImage: p }))}
          error={pictureProblem('backImage')}
        />
        <PhotoPicker
          testId="kyc-holding"
          label={t`You holding the document`}
          hint={t`Your face and the document both visible`}
          value={pictures.holdingImage}
          onChange={(p) => setPictures((x) => ({ ...x, holdingImage: p }))}
          error={pictureProblem('holdingImage')}
        />
      </div>
      {summary && (
        <p role="alert" className="error-text">
          {summary}
        </p>
      )}
      {submit.error && (
        <p role="alert" className="error-text">
          {submit.error instanceof ApiError ? submit.error.message : t`The form could not be sent. Check your connection and try again.`}
        </p>
      )}
      <Button type="submit" size="lg" block loading={submit.isPending}>
        <Trans>Submit for review</Trans>
      </Button>
    </form>
  )
}
