// "1 lot", "1.5 lots", "2 Lose"...: a size in lots in the language's plural form, written with the language's
// separators and the digits it was typed or stored with (0.10 stays 0.10). One message, so every sentence that
// names a size ("Buy {size} EURUSD") agrees with the count.
//
// The form follows the number as written, not its value: CLDR counts visible fraction digits, so "1.00" is English
// "other" ("1.00 lots") while "1" is "one". Lingui's plural would pick from the bare value (1, "one"), so the form is
// chosen here by Intl.PluralRules with the written digits, and the message selects on it.
import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'

const decimalsOf = (v: string) => /\.(\d+)$/.exec(v)?.[1]?.length ?? 0

const rules = new Map<string, Intl.PluralRules>()

/** The CLDR plural form ("one", "few", "other"...) of `lots` written with `digits` decimals in `locale`. */
export function pluralFormOf(locale: string, lots: string, digits: number): Intl.LDMLPluralRule {
  const key = `${locale}|${digits}`
  let r = rules.get(key)
  if (!r) rules.set(key, (r = new Intl.PluralRules(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })))
  return r.select(Number(lots))
}

export function useLotsText(): (lots: string) => string {
  const { t } = useLingui()
  const f = useFormat()
  return (lots) => {
    const digits = decimalsOf(lots)
    const size = f.amount(lots, { digits })
    const form = pluralFormOf(f.locale, lots, digits)
    return t({
      message: select(form, { one: `${size} lot`, other: `${size} lots` }),
      comment: 'A position size; size is a decimal number such as 0.01 or 1.5, already written in the language. form is its CLDR plural form (one, two, few, many, other) as written: "1.00" is "other" in English',
    })
  }
}
