// OIDC_<PROVIDER>_* (server/env.ts): a provider is configured with all three variables or not at all, and its issuer
// is https (http only on this machine), so a typo stops the start with one clear line instead of a dead button.
import { describe, expect, it } from 'vitest'
import { readEnv } from '../../env.ts'

const google = { OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' }

describe('OIDC settings from the environment', () => {
  it('configure no provider when unset, and exactly the ones given all three', () => {
    expect(readEnv({}).app.oidc).toEqual({})
    expect(readEnv(google).app.oidc).toEqual({ google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' } })
  })

  it('refuse a provider with a variable missing, naming all three', () => {
    expect(() => readEnv({ ...google, OIDC_GOOGLE_CLIENT_SECRET: '' })).toThrow(
      'OIDC_GOOGLE_ISSUER, OIDC_GOOGLE_CLIENT_ID and OIDC_GOOGLE_CLIENT_SECRET must be set together',
    )
  })

  it('refuse an issuer that is not https, except on this machine', () => {
    expect(() => readEnv({ ...google, OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow('OIDC_GOOGLE_ISSUER must be https')
    expect(() => readEnv({ ...google, OIDC_GOOGLE_ISSUER: 'accounts.google.com' })).toThrow('OIDC_GOOGLE_ISSUER must be a URL')
    expect(readEnv({ ...google, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9000' }).app.oidc?.google?.issuer).toBe('http://127.0.0.1:9000')
  })
})
