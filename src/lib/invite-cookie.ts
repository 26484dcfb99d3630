// An invite link (/?invite=CODE or /?invitecode=CODE) is remembered in the `invitecode` cookie for 180 days; api()
// sends it as the `invitecode` header, and the server binds the inviter at the visitor's first sign-in.
// The code's schema loads only when a link carries one: every other first visit runs without zod (bench/size.ts).
// Never rejects: a link whose check cannot load (offline, not cached) is not remembered, and the page goes on.
export async function rememberInviteCode(searchStr: string): Promise<void> {
  if (typeof document === 'undefined') return
  const params = new URLSearchParams(searchStr)
  const raw = params.get('invite') ?? params.get('invitecode')
  if (raw === null) return
  const contract = await import('#contract/invite.ts').catch(() => null)
  if (!contract) return
  const { INVITE_COOKIE_DAYS, InviteCode } = contract
  const parsed = InviteCode.safeParse(raw)
  if (!parsed.success) return
  const maxAge = INVITE_COOKIE_DAYS * 24 * 60 * 60
  document.cookie = `invitecode=${parsed.data}; max-age=${maxAge}; path=/; SameSite=Lax`
}
