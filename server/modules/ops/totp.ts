// Operators' one-time codes: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), what every authenticator app reads from an
// otpauth:// URI. Depends on otpauth alone, so the e2e fixture (tests/e2e/fixtures/ops.ts) computes codes with it too.
import { Secret, TOTP } from 'otpauth'

export const TOTP_PERIOD_S = 30

export const totpOf = (secret: string, label = 'operator', issuer = 'Keelson') =>
  new TOTP({ issuer: `${issuer} ops`, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S })

/** A new random secret, base32 (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The code an authenticator shows for `secret` at `timestamp`. */
export const totpCode = (secret: string, timestamp: number) => totpOf(secret).generate({ timestamp })

/** The time step `code` belongs to, if it is within one step of `timestamp`; null when it is not a current code. */
export function totpStep(secret: string, code: string, timestamp: number): number | null {
  const delta = totpOf(secret).validate({ token: code.replace(/\s/g, ''), timestamp, window: 1 })
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_S) + delta
}
