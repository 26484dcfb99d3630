import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WithdrawIssue } from '#contract/withdraw-math.ts'

/** What an amount problem says under the field, with the numbers that fix it. */
export function issueText(i18n: I18n, issue: WithdrawIssue, currency: string): string {
  switch (issue.code) {
    case 'tooPrecise':
      return i18n._(msg`${currency} allows at most ${issue.scale} decimals`)
    case 'belowMin':
      return i18n._(msg`The smallest withdrawal is ${issue.min} ${currency}`)
    case 'nothingArrives':
      return i18n._(msg`The fee of ${issue.fee} ${currency} takes the whole amount: enter a larger amount`)
    case 'insufficient':
      return i18n._(msg`You can withdraw at most ${issue.available} ${currency} now`)
    case 'dailyMax':
      return i18n._(msg`You can withdraw at most ${issue.max} ${currency} in 24 hours; ${issue.left} ${currency} is left now`)
    case 'kycRequired':
      return i18n._(msg`Withdrawals above ${issue.above} ${currency} need a verified identity: complete KYC first`)
  }
}
