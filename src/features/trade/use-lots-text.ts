// "1 lot", "1.5 lots", "2 Lose"...: a size in lots in the language's plural form, written with the language's
// separators and the digits it was typed or stored with (0.10 stays 0.10). One message, so every sentence that
// names a size ("Buy {size} EURUSD") agrees with the count.
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'

const decimalsOf = (v: string) => /\.(\d+)$/.exec(v)?.[1]?.length ?? 0

export function useLotsText(): (lots: string) => string {
  const { t } = useLingui()
  const f = useFormat()
  return (lots) => {
    const size = f.amount(lots, { digits: decimalsOf(lots) })
    const count = Number(lots)
    return t({
      message: plural(count, { one: `${size} lot`, other: `${size} lots` }),
      comment: 'A position size; size is a decimal number such as 0.01 or 1.5, already written in the language',
    })
  }
}
