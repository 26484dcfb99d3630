import { describe, expect, it } from 'vitest'
import { WALLET_BROWSER_APPS } from './wallet-apps.ts'

// Each link must carry the page whole (path and query included), or the wallet's browser opens somewhere else.
const page = 'https://app.example.com/empty?redirect=%2Fprofile%2Fdeposit&x=1'

describe('links that open this page in a wallet app', () => {
  it('are offered for the wallet apps that have one', () => {
    expect(WALLET_BROWSER_APPS.map((app) => app.name)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet'])
  })

  it('carry the whole page address, each in its app format', () => {
    const links = Object.fromEntries(WALLET_BROWSER_APPS.map((app) => [app.name, new URL(app.browse!(page))]))
    expect(links['MetaMask']!.href).toBe('https://metamask.app.link/dapp/app.example.com/empty?redirect=%2Fprofile%2Fdeposit&x=1')
    expect(links['Trust Wallet']!.origin).toBe('https://link.trustwallet.com')
    expect(links['Trust Wallet']!.searchParams.get('url')).toBe(page)
    expect(links['Trust Wallet']!.searchParams.get('coin_id')).toBe('60')
    expect(links['Coinbase Wallet']!.origin).toBe('https://go.cb-w.com')
    expect(links['Coinbase Wallet']!.searchParams.get('cb_url')).toBe(page)
  })
})
