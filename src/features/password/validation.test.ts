import { describe, expect, it } from 'vitest'
import { checkCode, checkConfirm, checkEmail, checkNewPassword, checkPassword, hasProblems, problemsOf } from './validation.ts'

const text = (d: { message?: string } | undefined) => d?.message

describe('password form checks', () => {
  it("speak the product's own messages", () => {
    expect(text(checkEmail(''))).toBe('enter email')
    expect(text(checkEmail('  '))).toBe('enter email')
    expect(text(checkEmail('someone@'))).toBe('email format incorrect')
    expect(text(checkEmail('a b@c.de'))).toBe('email format incorrect')
    expect(checkEmail(' Someone@Example.com ')).toBeUndefined()
    expect(text(checkPassword(''))).toBe('enter password')
    expect(text(checkNewPassword(''))).toBe('enter password')
    expect(text(checkConfirm('secret 12', ''))).toBe('confirm password')
    expect(text(checkConfirm('secret 12', 'secret 13'))).toBe('inconsistent password input')
    expect(checkConfirm('secret 12', 'secret 12')).toBeUndefined()
  })

  it('hold a new password to 8..128 characters but let any existing one be tried', () => {
    expect(checkNewPassword('1234567')).toBeDefined()
    expect(checkNewPassword('12345678')).toBeUndefined()
    expect(checkNewPassword('x'.repeat(129))).toBeDefined()
    expect(checkPassword('1')).toBeUndefined()
  })

  it('want a 6-digit code and report only the fields with a problem', () => {
    expect(checkCode('12345')).toBeDefined()
    expect(checkCode(' 123456 ')).toBeUndefined()
    const problems = problemsOf({ email: checkEmail('a@b.co'), code: checkCode('') })
    expect(Object.keys(problems)).toEqual(['code'])
    expect(hasProblems(problemsOf({ email: undefined }))).toBe(false)
  })
})
