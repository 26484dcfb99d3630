// Identity verification (docs/api.md, "Identity verification and uploads"): the form, its checks (shared by the form's inline errors and
// the server, so both say the same) and the user's state. The three pictures are uploads (uploads.ts, purpose 'kyc')
// referred to by id. States: not started, pending review (up to 48 hours), verified, rejected with the operator's
// reason (the user may then submit again).
import * as z from 'zod/mini'
import { Millis, type Endpoint } from './endpoint.ts'
import { UploadId } from './uploads.ts'

export const KycState = z.enum(['not_started', 'pending', 'verified', 'rejected'])
export type KycState = z.infer<typeof KycState>

export const Sex = z.enum(['male', 'female'])
export const DocumentType = z.enum(['id_card', 'passport'])
export type DocumentType = z.infer<typeof DocumentType>

/** The hours a review may take, as the app's KYC screens promise. */
export const KYC_REVIEW_HOURS = 48

export const KYC_FIELDS = ['firstName', 'lastName', 'sex', 'birthdate', 'country', 'address', 'phone', 'documentType'] as const
export type KycField = (typeof KYC_FIELDS)[number]
export const KYC_PICTURES = ['frontImage', 'backImage', 'holdingImage'] as const
export type KycPicture = (typeof KYC_PICTURES)[number]

/** ISO 3166-1 alpha-2 codes the form offers (the app names them in the reader's language with Intl.DisplayNames). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF ' +
  'CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
  'GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP ' +
  'KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH ' +
  'SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN ' +
  'VU WF WS YE YT ZA ZM ZW'
).split(' ')

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)))

/**
 * The form as sent: every field optional here, so an incomplete form is answered 'data input not complete' and a
 * missing picture 'upload the required picture' (kycProblems), not a generic invalid-input message.
 */
export const KycForm = z.object({
  firstName: text(200),
  lastName: text(200),
  sex: text(20),
  /** YYYY-MM-DD. */
  birthdate: text(20),
  /** ISO 3166-1 alpha-2. */
  country: text(10),
  address: text(500),
  phone: text(50),
  documentType: text(20),
  frontImage: text(100),
  backImage: text(100),
  holdingImage: text(100),
})
export type KycForm = z.infer<typeof KycForm>

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]{0,49}$/u
const PHONE = /^\+?[0-9][0-9 ()-]{4,22}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
export const KYC_MIN_AGE = 18

/** Whole years between a YYYY-MM-DD birthdate and `now`; null for a date that does not exist. */
export function ageOn(birthdate: string, now: Date): number | null {
  const match = DATE.exec(birthdate)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  let age = now.getUTCFullYear() - year
  if (now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day)) age--
  return age
}

const checks: Record<KycField, (value: string, now: Date) => boolean> = {
  firstName: (v) => NAME.test(v),
  lastName: (v) => NAME.test(v),
  sex: (v) => Sex.safeParse(v).success,
  birthdate: (v, now) => {
    const age = ageOn(v, now)
    return age !== null && age >= KYC_MIN_AGE && age <= 120
  },
  country: (v) => COUNTRY_CODES.includes(v),
  address: (v) => v.length >= 5 && v.length <= 200,
  phone: (v) => PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6 && (v.match(/\d/g)?.length ?? 0) <= 15,
  documentType: (v) => DocumentType.safeParse(v).success,
}

export type KycProblems = { missing: KycField[]; pictures: KycPicture[]; invalid: (KycField | KycPicture)[] }

/** What is wrong with a form: empty fields, missing pictures, and fields filled but not valid. */
export function kycProblems(form: KycForm, now: Date): KycProblems {
  const problems: KycProblems = { missing: [], pictures: [], invalid: [] }
  for (const field of KYC_FIELDS) {
    const value = form[field]?.trim() ?? ''
    if (value === '') problems.missing.push(field)
    else if (!checks[field](value, now)) problems.invalid.push(field)
  }
  for (const picture of KYC_PICTURES) {
    const value = form[picture] ?? ''
    if (value === '') problems.pictures.push(picture)
    else if (!UploadId.safeParse(value).success) problems.invalid.push(picture)
  }
  return problems
}

export const KycSubmission = z.object({
  firstName: z.string(),
  lastName: z.string(),
  sex: Sex,
  birthdate: z.string(),
  country: z.string(),
  address: z.string(),
  phone: z.string(),
  documentType: DocumentType,
})
export type KycSubmission = z.infer<typeof KycSubmission>

export const KycStatus = z.object({
  state: KycState,
  /** The operator's reason, when rejected. */
  rejectReason: z.nullable(z.string()),
  submittedAt: z.nullable(Millis),
  reviewedAt: z.nullable(Millis),
  /** The newest submission's fields (no pictures), to fill the form again after a rejection. */
  submission: z.nullable(KycSubmission),
})
export type KycStatus = z.infer<typeof KycStatus>

export const kycApi = {
  create: { method: 'POST', path: '/customer/verification/create', body: KycForm, data: KycStatus, auth: true },
  query: { method: 'GET', path: '/customer/verification/query', data: KycStatus, auth: true },
} as const satisfies Record<string, Endpoint>

/** Socket `kyc_update`: the user's verification changed state (an operator approved or rejected it). */
export const KycUpdate = z.object({ state: KycState })
export type KycUpdate = z.infer<typeof KycUpdate>
