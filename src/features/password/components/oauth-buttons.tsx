// Google and Facebook sign-in buttons, shown only when the app was built with VITE_GOOGLE_CLIENT_ID /
// VITE_FACEBOOK_APP_ID. They start the provider's OAuth redirect back to /pass/login. The server side of OAuth
// (exchanging the provider's code for a Keelson token) is not built yet, so nothing completes the sign-in on return.
import { Trans } from '@lingui/react/macro'

const GOOGLE_CLIENT_ID: string | undefined = import.meta.env.VITE_GOOGLE_CLIENT_ID
const FACEBOOK_APP_ID: string | undefined = import.meta.env.VITE_FACEBOOK_APP_ID

function redirectUri(provider: string) {
  return `${window.location.origin}/pass/login?provider=${provider}`
}

function startGoogle() {
  const params = new URLSearchParams({
    client_id: GOOGLE_CLIENT_ID!,
    redirect_uri: redirectUri('google'),
    response_type: 'code',
    scope: 'openid email',
    state: crypto.randomUUID(),
  })
  window.location.assign(`https://accounts.google.com/o/oauth2/v2/auth?${params}`)
}

function startFacebook() {
  const params = new URLSearchParams({
    client_id: FACEBOOK_APP_ID!,
    redirect_uri: redirectUri('facebook'),
    response_type: 'code',
    scope: 'email',
    state: crypto.randomUUID(),
  })
  window.location.assign(`https://www.facebook.com/dialog/oauth?${params}`)
}

export function OAuthButtons() {
  if (!GOOGLE_CLIENT_ID && !FACEBOOK_APP_ID) return null
  return (
    <div className="button-row">
      {GOOGLE_CLIENT_ID && (
        <button type="button" className="btn secondary" onClick={startGoogle}>
          <Trans>Continue with Google</Trans>
        </button>
      )}
      {FACEBOOK_APP_ID && (
        <button type="button" className="btn secondary" onClick={startFacebook}>
          <Trans>Continue with Facebook</Trans>
        </button>
      )}
    </div>
  )
}
