// The agreement PDF in every language the product ships: written with the fonts of its script, read back as text
// (pdf.js through unpdf: pdf-lib cannot extract text) with every number of the loan and the translated title in it;
// signed, it carries the drawn signature as an image; and one changed byte changes its SHA-256.
import { fileURLToPath } from 'node:url'
import { PDFDocument, PDFName, PDFDict, PDFRawStream } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '#contract/locales.ts'
import { createTranslator, type Translate } from '../../plugins/i18n.ts'
import { agreementPdf, pdfAmount, type AgreementFacts } from './loans.pdf.ts'
import { hashOk } from './loans.ops.ts'
import { sha256 } from './loans.service.ts'
import type { LoanRow } from './loans.table.ts'
import { signaturePng } from './test-loans.ts'

let translate: Translate
beforeAll(async () => {
  translate = await createTranslator(fileURLToPath(new URL('../../../locales', import.meta.url)), { warn: () => {} } as never)
})

const facts = (language: string): AgreementFacts => ({
  id: '1000042', language, lender: 'Keelson', borrower: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', createdAt: Date.UTC(2026, 10, 28),
  currency: 'USDT', amount: '1234.50', termDays: 30, dailyRate: '0.0005', lateDailyRate: '0.002', interest: '18.52', totalRepayment: '1253.02',
  dueAt: Date.UTC(2026, 11, 28), damagesPerDay: '2.47',
})

const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text
/**
 * Text as read back, without white space (extraction may split or join runs at different places than they were
 * drawn) and without Devanagari's vowel sign i (U+093F), which shaping draws before its consonant: pdf.js reads the
 * glyphs in that visual order, so 'कि' comes back as 'िक'.
 */
const squeeze = (text: string) => text.replace(/\s+/g, '').replace(/\u093f/g, '')

async function imagesIn(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf)
  let images = 0
  for (const page of doc.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)
    for (const [, ref] of xObjects?.entries() ?? []) {
      const stream = doc.context.lookup(ref)
      if (stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images++
    }
  }
  return images
}

describe('the loan agreement PDF', () => {
  it.each(LANGUAGES.map((l) => [l.code, l.bcp47] as const))('in %s states every number and the title, read back from the file', async (code, bcp47) => {
    const text = squeeze(await textOf(await agreementPdf(facts(code), null, (key, values) => translate(code, key, values))))
    for (const amount of ['1234.50', '18.52', '1253.02', '2.47']) expect(text).toContain(squeeze(pdfAmount(amount, bcp47)))
    expect(text).toContain('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
    expect(text).toContain('1000042')
    expect(text).toContain('0.05')
    expect(text).toContain(squeeze(translate(code, 'pdfTitle')))
    expect(text).toContain(squeeze(translate(code, 'pdfNotSigned')))
  }, 60_000)

  it('embeds the drawn signature as an image once signed, and says Not Signed before', async () => {
    const text = (key: Parameters<Translate>[1], values?: Parameters<Translate>[2]) => translate('en_US', key, values)
    const unsigned = await agreementPdf(facts('en_US'), null, text)
    const signed = await agreementPdf(facts('en_US'), { png: Buffer.from(await signaturePng(), 'base64'), signedAt: Date.UTC(2026, 10, 29) }, text)
    expect(await imagesIn(unsigned)).toBe(0)
    expect(await imagesIn(signed)).toBe(1)
    expect(squeeze(await textOf(signed))).toContain(squeeze('Signed on November 29, 2026'))
    expect(squeeze(await textOf(signed))).not.toContain('NotSigned')
  })

  it('detects a one-byte change by the hash taken at signing', async () => {
    const pdf = Buffer.from(await agreementPdf(facts('en_US'), null, (key, values) => translate('en_US', key, values)))
    const row = { signedPdf: pdf, signedHash: sha256(pdf) } as LoanRow
    expect(hashOk(row)).toBe(true)
    const changed = Buffer.from(pdf)
    changed[pdf.length >> 1] = changed[pdf.length >> 1]! ^ 1
    expect(hashOk({ ...row, signedPdf: changed })).toBe(false)
  })
})
