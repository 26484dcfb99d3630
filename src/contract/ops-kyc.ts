// The console's identity reviews: the queue of submissions with their three photos, and approve / reject
// with a reason. Compliance reviews (and admin, who may do everything). The photos come from GET /api/ops/upload/<id>,
// which serves a picture to the roles of its purpose (opsUploadRoles).
import * as z from 'zod/mini'
import { Millis, Page, pageOf } from './endpoint.ts'
import { KycState, KycSubmission } from './kyc.ts'
import { SUPPORT_AGENTS } from './ops-support.ts'
import type { OperatorRole, OpsEndpoint } from './ops.ts'
import { UploadId, type UploadPurpose } from './uploads.ts'

export const KYC_REVIEWERS: readonly OperatorRole[] = ['compliance']

/** Who may see an upload in the console, by what it is for. */
export const opsUploadRoles: Record<UploadPurpose, readonly OperatorRole[]> = { kyc: KYC_REVIEWERS, deposit: ['finance', 'support'], support: SUPPORT_AGENTS }

/** The console's URL of a picture (an image, not the envelope; the operator's token in Authorization). */
export const opsUploadPath = (id: string) => `/api/ops/upload/${id}`

export const KycReview = z.object({
  id: z.string(),
  userId: z.string(),
  /** How operators recognise the user: their wallet address, else their e-mail. */
  account: z.nullable(z.string()),
  state: KycState,
  ...KycSubmission.shape,
  frontImage: z.string(),
  backImage: z.string(),
  holdingImage: z.string(),
  rejectReason: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(Millis),
  submittedAt: Millis,
})
export type KycReview = z.infer<typeof KycReview>

export const KycReviewQuery = z.extend(Page, { state: z._default(z.enum(['pending', 'verified', 'rejected']), 'pending') })

const ReviewId = z.object({ id: UploadId })
export const KYC_REASON_MAX = 300
export const KycReject = z.object({ id: UploadId, reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(KYC_REASON_MAX)) })

export const opsKycApi = {
  /** Pending: oldest first (the order they wait in); reviewed: newest review first. */
  reviews: { method: 'GET', path: '/ops/kyc/reviews', query: KycReviewQuery, data: pageOf(KycReview), auth: false, roles: KYC_REVIEWERS },
  approve: { method: 'POST', path: '/ops/kyc/approve', body: ReviewId, data: KycReview, auth: false, roles: KYC_REVIEWERS },
  reject: { method: 'POST', path: '/ops/kyc/reject', body: KycReject, data: KycReview, auth: false, roles: KYC_REVIEWERS },
} as const satisfies Record<string, OpsEndpoint>
