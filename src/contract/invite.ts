// Invitations: every user has an invite code; a new user names an inviter through it.
//
// Who may name an inviter (updateUpLevel), the rule the server enforces and the app states:
// - only while the account has no inviter yet (an inviter is set once, at first sign-in or later, never changed);
// - the code must exist and must not be the user's own;
// - the inviter's own chain of inviters must not contain the user (no cycles: nobody ends up inviting themselves).
// Otherwise the answer is 409 with the reason. At first sign-in an `invitecode` header naming a valid code binds
// the inviter; an unknown code there is ignored, so a stale link never blocks signing in.
import * as z from 'zod/mini'
import type { Endpoint } from './endpoint.ts'

/** Unambiguous: no 0/O, 1/I/L, so a code read aloud or from paper is typed right. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const INVITE_CODE_LENGTH = 8
/** How long the app keeps an invite link's code (the `invitecode` cookie). */
export const INVITE_COOKIE_DAYS = 180

/** An invite code as typed: case does not matter, surrounding spaces neither. */
export const InviteCode = z.pipe(
  z.string().check(z.trim(), z.toUpperCase()),
  z.string().check(z.regex(/^[A-HJ-KM-NP-Z2-9]{8}$/, 'inviteCode')),
)

export const UserInviteCode = z.object({
  inviteCode: z.string(),
  /** The app's origin + `/?invite=<code>`. */
  inviteUrl: z.string(),
  /** Users who named this user as their inviter. */
  invitedCount: z.int(),
})
export type UserInviteCode = z.infer<typeof UserInviteCode>

export const UpdateUpLevel = z.object({ code: InviteCode })
export type UpdateUpLevel = z.infer<typeof UpdateUpLevel>

export const inviteApi = {
  userInviteCode: { method: 'GET', path: '/getUserInviteCode', data: UserInviteCode, auth: true },
  /** Names an inviter afterwards; see the rule at the top of this file. */
  updateUpLevel: { method: 'POST', path: '/updateUpLevel', body: UpdateUpLevel, data: z.object({ ok: z.literal(true) }), auth: true },
} as const satisfies Record<string, Endpoint>
