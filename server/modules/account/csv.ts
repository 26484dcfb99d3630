// RFC 4180: CRLF line ends; a field with a comma, quote, CR or LF is quoted and its quotes doubled. A text cell that
// a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe; numbers are left as they are.
import type { TransactionRow } from '#contract/account.ts'

const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)
const text = (field: string) => quote(/^[=+\-@\t\r]/.test(field) ? `'${field}` : field)

export const CSV_HEADER = ['time', 'kind', 'reason', 'amount', 'currency', 'book', 'balance_after'] as const

export function toCsv(rows: TransactionRow[]): string {
  const lines = [CSV_HEADER.join(',')]
  for (const r of rows) {
    lines.push(
      [new Date(r.time).toISOString(), text(r.kind), text(r.reasonText), r.amount, text(r.currency), r.book, r.balanceAfter ?? ''].join(','),
    )
  }
  return lines.join('\r\n') + '\r\n'
}
