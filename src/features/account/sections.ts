import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ComponentType } from 'react'
import {
  IconBell, IconDown, IconFile, IconGift, IconGlobe, IconHelp, IconInfo, IconList, IconLock, IconMail, IconSettings, IconShield, IconUp, IconWallet,
} from '../../components/ui/icons.tsx'

type Icon = ComponentType<{ size?: number }>

/** An account sub-page (/profile/$type). `isPrivate`: needs a signed-in user; `needsEmail`: only e-mail accounts. */
export type AccountSection = { type: string; label: MessageDescriptor; icon: Icon; body?: MessageDescriptor; isPrivate?: boolean; needsEmail?: boolean }

export const ACCOUNT_SECTIONS: AccountSection[] = [
  { type: 'balance', label: msg`Balance`, icon: IconWallet, isPrivate: true, body: msg`Your balances per currency, available, in use and locked, will appear here when deposits open.` },
  { type: 'deposit', label: msg`Deposit`, icon: IconDown, isPrivate: true },
  { type: 'withdraw', label: msg`Withdraw`, icon: IconUp, isPrivate: true },
  { type: 'records', label: msg`Transaction record`, icon: IconList, isPrivate: true, body: msg`Every movement of your money, with its reason, will be listed here.` },
  { type: 'orders', label: msg`Orders`, icon: IconFile, isPrivate: true, body: msg`Your contract, limit, financing and smart-plan orders will be listed here.` },
  { type: 'notifications', label: msg`Notifications`, icon: IconBell, isPrivate: true, body: msg`Your messages will appear here. You have no messages.` },
  { type: 'invite', label: msg`Invite friends`, icon: IconGift, isPrivate: true, body: msg`Your invite code and link will appear here.` },
  { type: 'verification', label: msg`Account verification`, icon: IconShield, isPrivate: true, body: msg`Verify your identity (KYC) to take loans and to withdraw larger amounts.` },
  { type: 'password', label: msg`Change password`, icon: IconLock, isPrivate: true, needsEmail: true },
  { type: 'settings', label: msg`Settings`, icon: IconSettings },
  { type: 'language', label: msg`Change language`, icon: IconGlobe },
  { type: 'contact', label: msg`Contact us`, icon: IconMail, body: msg`Use online support in the help center to reach the team.` },
]

/** The account list's groups of sections (by type), in order. */
export const ACCOUNT_GROUPS: { title: MessageDescriptor; types: string[] }[] = [
  { title: msg`Money`, types: ['balance', 'deposit', 'withdraw', 'records', 'orders'] },
  { title: msg({ message: 'Account', context: 'account list group', comment: 'Heading of the rows about the user: notifications, invites, verification, password' }), types: ['notifications', 'invite', 'verification', 'password'] },
  { title: msg`Preferences`, types: ['settings', 'language'] },
]

/** On mobile there is no footer: its links live here, under the help center. */
export const ABOUT_LINKS: { label: MessageDescriptor; to: string; type?: string; icon: Icon }[] = [
  { label: msg`Help center`, to: '/help/{-$type}', type: 'center', icon: IconHelp },
  { label: msg`Online support`, to: '/help/{-$type}', type: 'support', icon: IconMail },
  { label: msg`About us`, to: '/aboutUs', icon: IconInfo },
  { label: msg`License and supervision`, to: '/help/{-$type}', type: 'licence', icon: IconShield },
  { label: msg`Terms of service`, to: '/help/{-$type}', type: 'terms', icon: IconFile },
  { label: msg`Privacy policy`, to: '/help/{-$type}', type: 'privacy', icon: IconLock },
  { label: msg`Risk warning`, to: '/help/{-$type}', type: 'risk', icon: IconInfo },
  { label: msg`Legal statement`, to: '/help/{-$type}', type: 'legal', icon: IconFile },
  { label: msg`Disclaimer`, to: '/help/{-$type}', type: 'disclaimer', icon: IconFile },
  { label: msg`Cookie policy`, to: '/help/{-$type}', type: 'cookies', icon: IconFile },
  { label: msg`About advertising`, to: '/help/{-$type}', type: 'advertising', icon: IconFile },
]
