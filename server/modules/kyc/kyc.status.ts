// "Is this user verified?" for any module (withdrawals above the KYC threshold, loans): the user's newest
// submission decides; a user who never submitted is not verified.
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { kycVerifications } from './kyc.table.ts'

export type KycState = 'not_started' | 'pending' | 'verified' | 'rejected'

type Reader = Pick<Db, 'select'>

/** The user's state: their newest submission's, or not_started. Pass a transaction to read inside it. */
export async function kycStateOf(db: Reader, userId: string): Promise<KycState> {
  const [row] = await db
    .select({ state: kycVerifications.state })
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId))
    .orderBy(desc(kycVerifications.seq))
    .limit(1)
  return row?.state ?? 'not_started'
}

export const isVerified = async (db: Reader, userId: string) => (await kycStateOf(db, userId)) === 'verified'
