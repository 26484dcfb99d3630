// The notice popup renders operator-written HTML. DOMPurify keeps a small allowlist: text formatting, lists,
// links and images; no forms, no styles, no scripts. Links open safely in a new tab.
import DOMPurify from 'dompurify'

const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span', 'h3', 'h4', 'img', 'blockquote']
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title']

let hooked = false

export function sanitizeNotice(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    })
    hooked = true
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ADD_ATTR: ['target'] })
}
