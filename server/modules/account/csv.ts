// RFC 4180: CRLF line ends; a field with a comma, quote, CR or LF is quoted and its quotes doubled. A text cell that
// a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe; numbers are left as they are.
import type { TransactionRow } from '#contract/account.ts'

const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)
const text = (field: string | null) => (field === null ? '' : quote(/^[=+\-@\t\r]/.test(field) ? `'${field}` : field))

/** One line per event, as the record lists them; amount is the change of the available balance. */
export const CSV_HEADER = [
  'time',
  'event',
  'description',
  'symbol',
  'order',
  'side',
  'lots',
  'amount',
  'fee',
  'profit',
  'currency',
  'book',
  'available_after',
] as const

export function toCsv(rows: TransactionRow[]): string {
  const lines = [CSV_HEADER.join(',')]
  for (const r of rows) {
    lines.push(
      [
        new Date(r.time).toISOString(),
        r.event,
        text(r.text),
        text(r.symbol),
        r.orderNo ?? '',
        r.side ?? '',
        r.lots ?? '',
        r.amount,
        r.fee ?? '',
        r.profit ?? '',
        text(r.currency),
        r.book,
        r.balanceAfter ?? '',
      ].join(','),
    )
  }
  return lines.join('\r\n') + '\r\n'
}
