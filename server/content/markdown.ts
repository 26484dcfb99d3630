// renderMarkdown(source): operator-written Markdown (legal documents, help answers) to HTML that is safe to put in
// the page as it is. marked turns Markdown into HTML and sanitize-html keeps only text formatting, lists, tables and
// links: raw HTML in the source (a <script>, an onerror=, a javascript: link) comes out inert or not at all. The
// server stores the source and renders on every read, so a tightened rule here applies to everything published.
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const marked = new Marked({ gfm: true, breaks: false, async: false })

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'strong', 'em', 'del', 'b', 'i',
    'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['align'], td: ['align'], ol: ['start'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the app in a new tab and pass no referrer or window handle to the page they open.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
}

export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source) as string, OPTIONS)
}
