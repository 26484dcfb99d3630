import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The account area's sections (/profile/$type) and what each will hold. */
export const ACCOUNT_SECTIONS: { type: string; label: MessageDescriptor; body?: MessageDescriptor }[] = [
  { type: 'balance', label: msg`Balance`, body: msg`Your balances per currency, available, in use and locked, will appear here when deposits open.` },
  { type: 'records', label: msg`Transaction record`, body: msg`Every movement of your money, with its reason, will be listed here.` },
  { type: 'orders', label: msg`Orders`, body: msg`Your contract, limit, financing and smart-plan orders will be listed here.` },
  { type: 'settings', label: msg`Settings` },
  { type: 'password', label: msg`Change password` },
  { type: 'language', label: msg`Change language` },
  { type: 'verification', label: msg`Account verification`, body: msg`Identity verification (KYC) for loans opens in a coming release. Your status: not started.` },
  { type: 'invite', label: msg`Invite friends`, body: msg`Your invite code and link will appear here.` },
  { type: 'contact', label: msg`Contact us`, body: msg`Use online support in the help center to reach the team.` },
  { type: 'help', label: msg`Help center` },
  { type: 'notifications', label: msg`Notifications`, body: msg`Messages from Keelson will appear here. You have no messages.` },
]
