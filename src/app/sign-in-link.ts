// A link that signs a user in (an e-mail link, OAuth later) carries a one-time code, never a token. It is handled
// before the app renders (main.tsx), since such a link is always a fresh page load: the code leaves the address bar
// and the history entry before it is spent, whatever the answer; then home, or the e-mail sign-in screen with the
// server's message. Nothing renders meanwhile, so the wallet guard cannot send the visitor elsewhere first.
import { rememberInviteCode } from '../lib/invite-cookie.ts'
import { exchangeLoginCode } from '../lib/session-lifecycle.ts'
import { ui } from '../state/ui.ts'

export async function finishSignInLink(): Promise<void> {
  const url = new URL(window.location.href)
  const code = url.searchParams.get('code')
  if (code === null) return
  // Before the exchange: a first sign-in binds the inviter the cookie names.
  await rememberInviteCode(url.search)
  url.searchParams.delete('code')
  window.history.replaceState(window.history.state, '', url)
  const problem = await exchangeLoginCode(code)
  ui.signInProblem = problem
  window.history.replaceState(window.history.state, '', problem === null ? '/home' : '/pass/login')
}
