import { describe, expect, it } from 'vitest'
import type { FundsNetwork } from '#contract/funds.ts'
import type { WithdrawInfo } from '#contract/withdrawals.ts'
import { addressValid, checkForm } from './form.ts'

const erc20: FundsNetwork = {
  currency: 'USDT', network: 'ERC20', networkName: 'Ethereum (ERC-20)', evm: true, tokenContract: null, tokenDecimals: 6,
  deposit: { open: false, address: null, min: '10', confirmations: 12, onChain: true, followed: false },
  withdraw: { enabled: true, fee: '1', feeRate: '0', min: '10', dailyMax: '50000', kycAbove: '1000' },
}
const info: WithdrawInfo = { balances: [{ currency: 'USDT', available: '500', usedToday: '0' }], kycVerified: false, book: 'live' }
const DEST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('checkForm', () => {
  it('shows the fee and what arrives, and is ready with a good amount and address', () => {
    expect(checkForm({ amount: '100', address: DEST }, erc20, 'USDT', info)).toEqual({ quote: { fee: '1', receive: '99' }, amountIssue: null, addressOk: true, ready: true })
  })
  it('is not ready while the amount is empty or the address is missing', () => {
    expect(checkForm({ amount: '', address: DEST }, erc20, 'USDT', info)).toMatchObject({ quote: null, ready: false })
    expect(checkForm({ amount: '100', address: '' }, erc20, 'USDT', info)).toMatchObject({ addressOk: null, ready: false })
  })
  it('names the first problem with the amount, as the server would', () => {
    expect(checkForm({ amount: '600', address: DEST }, erc20, 'USDT', info).amountIssue).toEqual({ code: 'insufficient', available: '500' })
    expect(checkForm({ amount: '5', address: DEST }, erc20, 'USDT', info).amountIssue).toEqual({ code: 'belowMin', min: '10' })
  })
})

describe('addressValid', () => {
  it('takes a checksummed or all-lower-case EVM address and refuses a wrong checksum', () => {
    expect(addressValid(DEST, true)).toBe(true)
    expect(addressValid(DEST.toLowerCase(), true)).toBe(true)
    expect(addressValid(DEST.replace('aA', 'Aa'), true)).toBe(false)
    expect(addressValid('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', true)).toBe(false)
  })
})
