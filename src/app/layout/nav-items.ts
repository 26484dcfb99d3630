import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

// `tab` is the bottom tab bar's label: its own message (context "tab") so translators can give a short form;
// the bar allows two lines of about 8 characters at 320 px wide, though one line is better (Smart Trading's is "Smart").
export type NavItem = { to: string; params?: Record<string, string>; label: MessageDescriptor; tab: MessageDescriptor; icon: string }

/** The six tabs of the product, in order. */
export const TABS: NavItem[] = [
  { to: '/', label: msg`Home`, tab: msg({ message: 'Home', context: 'tab', comment: 'Bottom tab label: two short lines at most' }), icon: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z' },
  { to: '/trades', label: msg`Market`, tab: msg({ message: 'Market', context: 'tab', comment: 'Bottom tab label: two short lines at most' }), icon: 'M4 19h16M6 16V9m4 7V5m4 11v-5m4 5V7' },
  { to: '/smart', label: msg`Smart Trading`, tab: msg({ message: 'Smart', context: 'tab', comment: 'Bottom tab label of Smart Trading: one short line (about 8 characters), it must not wrap at 320 px' }), icon: 'M4 17l5-5 4 4 7-8M15 8h5v5' },
  { to: '/loan', label: msg`Loan`, tab: msg({ message: 'Loan', context: 'tab', comment: 'Bottom tab label: two short lines at most' }), icon: 'M4 7h16v10H4zM4 11h16M8 15h3' },
  { to: '/nfts', label: msg`NFTs`, tab: msg({ message: 'NFTs', context: 'tab', comment: 'Bottom tab label: two short lines at most' }), icon: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5' },
  { to: '/profile/{-$type}', label: msg`Account`, tab: msg({ message: 'Account', context: 'tab', comment: 'Bottom tab label: two short lines at most' }), icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0' },
]

export type FooterGroup = { title: MessageDescriptor; links: { label: MessageDescriptor; to: string; params?: Record<string, string> }[] }

export const FOOTER: FooterGroup[] = [
  {
    title: msg`Products`,
    links: [
      { label: msg`Markets`, to: '/trades' },
      { label: msg`Smart Trading`, to: '/smart' },
      { label: msg`Loans`, to: '/loan' },
      { label: msg`Node staking`, to: '/nodeStaking' },
      { label: msg`Charity NFTs`, to: '/nfts' },
    ],
  },
  {
    title: msg`Company`,
    links: [
      { label: msg`About us`, to: '/aboutUs' },
      { label: msg`License and supervision`, to: '/help/{-$type}', params: { type: 'licence' } },
      { label: msg`Help center`, to: '/help/{-$type}', params: { type: 'center' } },
      { label: msg`Online support`, to: '/help/{-$type}', params: { type: 'support' } },
    ],
  },
  {
    title: msg`Policies`,
    links: [
      { label: msg`Terms of service`, to: '/help/{-$type}', params: { type: 'terms' } },
      { label: msg`Privacy policy`, to: '/help/{-$type}', params: { type: 'privacy' } },
    ],
  },
  {
    title: msg`Statements`,
    links: [
      { label: msg`Legal statement`, to: '/help/{-$type}', params: { type: 'legal' } },
      { label: msg`Disclaimer`, to: '/help/{-$type}', params: { type: 'disclaimer' } },
      { label: msg`Risk warning`, to: '/help/{-$type}', params: { type: 'risk' } },
      { label: msg`Cookie policy`, to: '/help/{-$type}', params: { type: 'cookies' } },
      { label: msg`About advertising`, to: '/help/{-$type}', params: { type: 'advertising' } },
    ],
  },
]
