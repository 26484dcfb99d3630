// Markdown written by operators (news articles, help answers, documents) turned into HTML that is safe to put in
// the page as it is. marked renders; sanitize-html then keeps only an allowlist: text formatting, headings, lists,
// quotes, code, tables, links (http, https, mailto; rel="noopener noreferrer", a new tab) and pictures from the upload
// store (CONTENT_IMAGE_PATH). No scripts, no event handlers, no forms, no styles or classes, no frames, no SVG or
// MathML, no meta or base. Raw HTML in the source is not trusted more than Markdown: it goes through the same filter.
// News renders once, when the operator saves (readers get the stored HTML); documents and help answers render on read.
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { CONTENT_IMAGE_PATH } from '#contract/content-image.ts'

const marked = new Marked({ gfm: true, breaks: false, async: false })

const TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Whatever is not allowed goes, and so does the text inside these (a script's code is not shown as text either).
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'svg', 'math', 'xmp', 'noembed', 'noframes'],
  // An h1 is the page's own title: an article's headings start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !CONTENT_IMAGE_PATH.test(frame.attribs.src ?? ''),
}

/** Sanitised HTML of operator-written Markdown. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false })
  return sanitizeHtml(html, OPTIONS)
}
