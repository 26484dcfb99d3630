// The loan agreement as a PDF (pdf-lib): every number of the loan (loan-math.ts), both parties, the date and the
// governing terms, in the borrower's language, with fonts for its script embedded (loans.fonts.ts), and, once signed,
// the borrower's drawn signature as a PNG image. The text comes from the server catalogs (server-messages-loans.ts).
// Lines wrap at word boundaries as Intl.Segmenter finds them, which also splits Thai and CJK text without spaces.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import fontkit from '@pdf-lib/fontkit'
import { percent } from '#contract/loan-math.ts'
import { toBcp47, type Bcp47 } from '#contract/locales.ts'
import type { ServerMessageKey } from '#contract/server-messages.ts'
import type { MessageValues } from '../../app-error.ts'
import { fontSlices, type FontSlice } from './loans.fonts.ts'
import { SignatureImageError } from './signature-error.ts'

export type AgreementFacts = {
  id: string
  /** The borrower's language, a server code (en_US). */
  language: string
  lender: string
  borrower: string
  createdAt: number
  currency: string
  amount: string
  termDays: number
  dailyRate: string
  lateDailyRate: string
  interest: string
  totalRepayment: string
  dueAt: number
  damagesPerDay: string
}

export type Signature = { png: Uint8Array; signedAt: number }

/** An amount in the reader's language with its two decimals ("1.000,00" in German); Intl takes the exact string. */
export const pdfAmount = (value: string, locale: Bcp47) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as unknown as number)

type Text = (key: ServerMessageKey, values?: MessageValues) => string

const PAGE = { width: 595.28, height: 841.89, margin: 56 }
const SIZE = { title: 18, body: 11, small: 9 }
const INK = rgb(0.1, 0.1, 0.12)

/** A run of text drawn with one font slice. */
type Run = { text: string; font: PDFFont }

class Writer {
  private page: PDFPage
  private y = PAGE.height - PAGE.margin
  private readonly fonts = new Map<string, Promise<PDFFont>>()
  private readonly doc: PDFDocument
  private readonly slices: FontSlice[]
  private readonly locale: Bcp47
  constructor(doc: PDFDocument, slices: FontSlice[], locale: Bcp47) {
    this.doc = doc
    this.slices = slices
    this.locale = locale
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  private font(slice: FontSlice): Promise<PDFFont> {
    let font = this.fonts.get(slice.path)
    if (!font) {
      font = this.doc.embedFont(slice.bytes, { subset: true })
      this.fonts.set(slice.path, font)
    }
    return font
  }

  /** A space no slice draws (Intl's narrow no-break space in French amounts): a no-break space, else a space. */
  private spaceFor(cp: number): string | null {
    if (cp !== 0x202f && cp !== 0x2009 && cp !== 0x00a0) return null
    if (this.slices.some((s) => s.has(cp))) return null
    return this.slices.some((s) => s.has(0x00a0)) ? '\u00a0' : ' '
  }

  /** Splits text into runs, each drawn with the first slice that has its characters (a mark stays with its base). */
  private async runs(text: string): Promise<Run[]> {
    const out: { text: string; slice: FontSlice }[] = []
    for (const original of text) {
      const char = this.spaceFor(original.codePointAt(0)!) ?? original
      const cp = char.codePointAt(0)!
      const last = out.at(-1)
      if (last && last.slice.has(cp)) {
        last.text += char
        continue
      }
      const slice = this.slices.find((s) => s.has(cp)) ?? this.slices[0]!
      if (last && last.slice === slice) last.text += char
      else out.push({ text: char, slice })
    }
    return Promise.all(out.map(async (r) => ({ text: r.text, font: await this.font(r.slice) })))
  }

  private async width(text: string, size: number): Promise<number> {
    let total = 0
    for (const run of await this.runs(text)) total += run.font.widthOfTextAtSize(run.text, size)
    return total
  }

  private ensure(height: number) {
    if (this.y - height >= PAGE.margin) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  /** Lines of at most the page's width, broken between words (Intl.Segmenter, per the language's rules). */
  private async wrap(text: string, size: number): Promise<string[]> {
    const max = PAGE.width - 2 * PAGE.margin
    const lines: string[] = []
    let line = ''
    for (const { segment } of new Intl.Segmenter(this.locale, { granularity: 'word' }).segment(text)) {
      const next = line + segment
      if (line !== '' && (await this.width(next.trimEnd(), size)) > max) {
        lines.push(line.trimEnd())
        line = segment.trimStart()
      } else line = next
    }
    if (line.trim() !== '') lines.push(line.trimEnd())
    return lines
  }

  async paragraph(text: string, size = SIZE.body, gap = 6) {
    for (const line of await this.wrap(text, size)) {
      this.ensure(size * 1.5)
      this.y -= size * 1.5
      let x = PAGE.margin
      for (const run of await this.runs(line)) {
        this.page.drawText(run.text, { x, y: this.y, size, font: run.font, color: INK })
        x += run.font.widthOfTextAtSize(run.text, size)
      }
    }
    this.y -= gap
  }

  async signature(label: string, signature: Signature | null, notSigned: string, signedAt: string | null) {
    this.ensure(130)
    await this.paragraph(label, SIZE.body, 4)
    if (signature) {
      const image = await this.doc.embedPng(signature.png).catch((error: unknown) => {
        throw new SignatureImageError(String(error))
      })
      const scale = Math.min(220 / image.width, 80 / image.height, 1)
      this.y -= image.height * scale
      this.page.drawImage(image, { x: PAGE.margin, y: this.y, width: image.width * scale, height: image.height * scale })
    } else {
      await this.paragraph(notSigned, SIZE.body, 4)
    }
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y - 4 }, end: { x: PAGE.margin + 240, y: this.y - 4 }, thickness: 0.6, color: INK })
    this.y -= 8
    if (signedAt) await this.paragraph(signedAt, SIZE.small)
  }
}

/** The agreement, unsigned (signature null: it says Not Signed) or signed with the drawn image. */
export async function agreementPdf(facts: AgreementFacts, signature: Signature | null, text: Text): Promise<Uint8Array> {
  const locale = toBcp47(facts.language)
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${text('pdfTitle')} ${facts.id}`)
  doc.setLanguage(locale)
  // Dates in the borrower's language, in UTC (the app's clock and the due date are UTC instants).
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms)
  const w = new Writer(doc, fontSlices(locale), locale)
  const c = facts.currency
  const n = (value: string) => pdfAmount(value, locale)
  await w.paragraph(text('pdfTitle'), SIZE.title, 10)
  await w.paragraph(text('pdfNumber', { id: facts.id, date: date(facts.createdAt) }))
  await w.paragraph(text('pdfLender', { platform: facts.lender }), SIZE.body, 2)
  await w.paragraph(text('pdfBorrower', { borrower: facts.borrower }), SIZE.body, 12)
  await w.paragraph(text('pdfAmount', { amount: n(facts.amount), currency: c }), SIZE.body, 2)
  await w.paragraph(text('pdfTerm', { days: facts.termDays }), SIZE.body, 2)
  await w.paragraph(text('pdfDailyRate', { rate: percent(facts.dailyRate) }), SIZE.body, 2)
  await w.paragraph(text('pdfInterest', { interest: n(facts.interest), currency: c }), SIZE.body, 2)
  await w.paragraph(text('pdfDueDate', { date: date(facts.dueAt) }), SIZE.body, 2)
  await w.paragraph(text('pdfTotal', { total: n(facts.totalRepayment), currency: c }), SIZE.body, 2)
  await w.paragraph(text('pdfDamages', { damages: n(facts.damagesPerDay), currency: c, rate: percent(facts.lateDailyRate) }), SIZE.body, 12)
  await w.paragraph(text('pdfTermsHeading'), 13, 4)
  for (const key of ['pdfTerms1', 'pdfTerms2', 'pdfTerms3', 'pdfTerms4'] as const) await w.paragraph(text(key))
  await w.signature(text('pdfSignature'), signature, text('pdfNotSigned'), signature ? text('pdfSignedAt', { date: date(signature.signedAt) }) : null)
  return doc.save()
}
