import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The help area's documents, by the $type in /help/$type (src/contract/content.ts DOCUMENT_TYPES but about and
 * introduction, which are /aboutUs and /Introduction). */
export const HELP_DOCS: Record<string, MessageDescriptor> = {
  center: msg`Help center`,
  support: msg`Online support`,
  licence: msg`License and supervision`,
  terms: msg`Terms of service`,
  privacy: msg`Privacy policy`,
  legal: msg`Legal statement`,
  disclaimer: msg`Disclaimer`,
  risk: msg`Risk warning`,
  cookies: msg`Cookie policy`,
  advertising: msg`About advertising`,
}
