// The form checks, in the product's own words. The rules are the contract's, so the server
// refuses exactly what these refuse.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { codeIssue, emailIssue, passwordIssue, type CodeIssue, type EmailIssue, type PasswordIssue } from '#contract/password.ts'

const TEXTS: Record<EmailIssue | PasswordIssue | CodeIssue, MessageDescriptor> = {
  enterEmail: msg`enter email`,
  emailFormat: msg`email format incorrect`,
  enterPassword: msg`enter password`,
  passwordLength: msg`The password must be 8 to 128 characters long`,
  enterCode: msg`enter the verification code`,
  codeFormat: msg`The verification code has 6 digits`,
}
const CONFIRM_EMPTY = msg`confirm password`
const CONFIRM_DIFFERENT = msg`inconsistent password input`
const ENTER_PASSWORD = TEXTS.enterPassword

export type Problems<K extends string> = Partial<Record<K, MessageDescriptor>>

const text = (issue: keyof typeof TEXTS | null) => (issue ? TEXTS[issue] : undefined)

export const checkEmail = (email: string) => text(emailIssue(email))
/** A new password: present and of the allowed length. */
export const checkNewPassword = (password: string) => text(passwordIssue(password))
/** A password being signed in with: only present (older rules may have allowed other lengths). */
export const checkPassword = (password: string) => (password === '' ? ENTER_PASSWORD : undefined)
export const checkCode = (code: string) => text(codeIssue(code))
export const checkConfirm = (password: string, confirm: string) =>
  confirm === '' ? CONFIRM_EMPTY : confirm !== password ? CONFIRM_DIFFERENT : undefined

/** Only the fields with a problem; empty means the form may be sent. */
export function problemsOf<K extends string>(checks: Record<K, MessageDescriptor | undefined>): Problems<K> {
  return Object.fromEntries(Object.entries(checks).filter(([, v]) => v !== undefined)) as Problems<K>
}

export const hasProblems = (problems: Problems<string>) => Object.keys(problems).length > 0
