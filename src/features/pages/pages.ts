// What each page that a later release fills is for. Every such page says what it is and that it is not open
// yet; none pretends to work. {platform} is the operator's platform name (configurable), filled in by PageInfo.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export type PageText = { title: MessageDescriptor; body: MessageDescriptor }

export const PAGES = {
  introduction: { title: msg`Introduction`, body: msg({ message: '{platform} is a trading and investment app for people who sign in with an Ethereum wallet. Your wallet proves who you are; it is never asked to send a transaction.' }) },
  about: { title: msg`About us`, body: msg({ message: '{platform} is built by a small team that believes every number should be honest: rates, fees and penalties are shown before you commit, and simulated prices are labelled as such.' }) },
} satisfies Record<string, PageText>
