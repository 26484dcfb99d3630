// The withdraw form's checks, the same as the server's (withdraw-math.ts for amounts; EIP-55 through viem for EVM
// addresses), so an inline error appears before the user confirms rather than after.
import { isAddress } from 'viem'
import type { FundsNetwork } from '#contract/funds.ts'
import { withdrawIssue, withdrawQuote, type WithdrawIssue } from '#contract/withdraw-math.ts'
import type { WithdrawInfo } from '#contract/withdrawals.ts'

export type WithdrawFormState = { amount: string; address: string }

export type FormCheck = {
  /** Fee and what arrives, once an amount is entered. */
  quote: { fee: string; receive: string } | null
  amountIssue: WithdrawIssue | null
  /** null while the address is empty. */
  addressOk: boolean | null
  ready: boolean
}

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/

/** A mixed-case EVM address must carry a valid EIP-55 checksum; elsewhere letters and digits. */
export const addressValid = (address: string, evm: boolean): boolean =>
  evm ? isAddress(address.trim()) : /^[A-Za-z0-9]{20,100}$/.test(address.trim())

export function checkForm(form: WithdrawFormState, net: FundsNetwork, currency: string, info: WithdrawInfo): FormCheck {
  const mine = info.balances.find((b) => b.currency === currency)
  const terms = { currency, network: net.network, ...net.withdraw }
  const hasAmount = AMOUNT.test(form.amount) && /[1-9]/.test(form.amount)
  const amountIssue = hasAmount
    ? withdrawIssue({ amount: form.amount, terms, available: mine?.available ?? '0', usedToday: mine?.usedToday ?? '0', kycVerified: info.kycVerified })
    : null
  const q = hasAmount ? withdrawQuote(form.amount, terms) : null
  const quote = q && q.receive.gt(0) ? { fee: q.fee.toFixed(), receive: q.receive.toFixed() } : null
  const addressOk = form.address.trim() === '' ? null : addressValid(form.address, net.evm)
  return { quote, amountIssue, addressOk, ready: hasAmount && amountIssue === null && addressOk === true }
}
