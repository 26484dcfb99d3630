// An invite link (/?invite=CODE or /?invitecode=CODE) is remembered in the `invitecode` cookie for 180 days; api()
// sends it as the `invitecode` header, and the server binds the inviter at the visitor's first sign-in.
import { INVITE_COOKIE_DAYS, InviteCode } from '#contract/invite.ts'

export function rememberInviteCode(searchStr: string) {
  if (typeof document === 'undefined') return
  const params = new URLSearchParams(searchStr)
  const parsed = InviteCode.safeParse(params.get('invite') ?? params.get('invitecode'))
  if (!parsed.success) return
  const maxAge = INVITE_COOKIE_DAYS * 24 * 60 * 60
  document.cookie = `invitecode=${parsed.data}; max-age=${maxAge}; path=/; SameSite=Lax`
}
