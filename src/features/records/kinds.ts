import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RecordKind } from '#contract/account.ts'

/** The filter's labels for each kind of movement. */
export const KIND_LABELS: Record<RecordKind, MessageDescriptor> = {
  demo_funding: msg`Demo funds`,
  demo_reset: msg`Demo reset`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  trade: msg`Trade`,
  fee: msg`Fee`,
  transfer: msg`Transfer`,
  yield: msg`Yield`,
  loan: msg({ message: 'Loan', context: 'record kind' }),
  donation: msg`Donation`,
  nft: msg`NFT auctions`,
}
