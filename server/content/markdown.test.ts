// The sanitiser's XSS corpus: each entry is Markdown or HTML an operator (or an attacker with an operator's password)
// might save. None may leave anything that runs: no script or frame, no event handler, no javascript:/data:/vbscript:
// address, no style, no form, no SVG or MathML, no meta refresh. The browser test (tests/e2e/news.spec.ts) renders the
// same corpus and counts executions.
import { describe, expect, it } from 'vitest'
import { CONTENT_IMAGE_PATH } from '#contract/content-image.ts'
import { renderMarkdown } from './markdown.ts'
import { XSS_CORPUS } from './xss-corpus.ts'

const TAGS = new Set(['p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'])
const ATTRIBUTES = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'start', 'align'])

/** Every tag and attribute of the output, read the way a browser tokenises it (the output's values are always double-quoted). */
function problems(html: string): string[] {
  const found: string[] = []
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    if (!TAGS.has(name!.toLowerCase())) found.push(`tag ${name}`)
    for (const [, attr, value] of attrs!.matchAll(/\s([^\s="/]+)(?:="([^"]*)")?/g)) {
      if (!ATTRIBUTES.has(attr!)) found.push(`attribute ${attr}`)
      if (attr === 'href' && !/^(https?:\/\/|mailto:)/.test(value ?? '')) found.push(`href ${value}`)
      if (attr === 'src' && !CONTENT_IMAGE_PATH.test(value ?? '')) found.push(`src ${value}`)
    }
  }
  // Nothing that looks like markup survives outside the tags matched above.
  if (/<(?![a-zA-Z/])/.test(html.replace(/<\/?[a-zA-Z0-9]+[^>]*>/g, ''))) found.push('stray <')
  return found
}

describe('renderMarkdown', () => {
  it.each(XSS_CORPUS.map((source) => [source]))('leaves nothing that runs from %s', (source) => {
    const html = renderMarkdown(source)
    expect(problems(html), html).toEqual([])
  })

  it('keeps Markdown formatting, lists, tables and quotes', () => {
    const html = renderMarkdown('## Rates\n\n**Bold**, *italic*, `code`\n\n- one\n- two\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |')
    expect(html).toContain('<h2>Rates</h2>')
    expect(html).toContain('<strong>Bold</strong>, <em>italic</em>, <code>code</code>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('<td>1</td>')
  })

  it('finds a forbidden tag, handler or address (the check above can fail)', () => {
    expect(problems('<p onclick="x">a</p><iframe></iframe><a href="javascript:x">b</a>')).toEqual(['attribute onclick', 'tag iframe', 'tag iframe', 'href javascript:x'])
  })

  it('makes the article’s headings start below its title', () => {
    expect(renderMarkdown('# Big')).toBe('<h2>Big</h2>\n')
  })

  it('opens links in a new tab with rel="noopener noreferrer", and drops the address of an unsafe one', () => {
    expect(renderMarkdown('[site](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">site</a></p>\n',
    )
    expect(renderMarkdown('<a href="https://example.com" rel="opener" target="_self">x</a>')).toContain('rel="noopener noreferrer"')
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p><a target="_blank" rel="noopener noreferrer">x</a></p>\n')
  })

  it('keeps pictures from the upload store only', () => {
    const stored = '/api/contentImage/0a0b0c0d-1111-4222-8333-444455556666'
    expect(renderMarkdown(`![chart](${stored})`)).toBe(`<p><img src="${stored}" alt="chart" /></p>\n`)
    for (const src of ['https://evil.example/x.png', '//evil.example/x.png', '/api/upload/0a0b0c0d-1111-4222-8333-444455556666', `${stored}?x=1`, 'data:image/png;base64,AAAA']) {
      expect(renderMarkdown(`![x](${src})`)).not.toContain('<img')
    }
  })

  it('shows raw text safely: angle brackets in prose are escaped', () => {
    expect(renderMarkdown('1 < 2 and 3 > 2')).toBe('<p>1 &lt; 2 and 3 &gt; 2</p>\n')
  })
})
