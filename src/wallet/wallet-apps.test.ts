import { describe, expect, it } from 'vitest'
import { WALLET_APPS, WALLET_BROWSER_APPS } from './wallet-apps.ts'
import catalogue from '../../tests/e2e/fixtures/wallet-catalogue.json' with { type: 'json' }

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

// The bundled wallets must be the ones AppKit's catalogue lists under the same WalletGuide ids, or "More wallet
// apps" (featured ids first) would show them twice, or not at all. Checked against the catalogue fixture the e2e tests
// serve, whose entries for these six carry the ids AppKit itself ships (PresetsUtil: MetaMask, Trust, Coinbase) or
// public integrations use (Rainbow, Uniswap Wallet, Zerion).
describe('the bundled wallet apps', () => {
  it('are each in the catalogue under their WalletGuide id and name', () => {
    const byId = new Map(catalogue.wallets.map((w) => [w.id, w.name]))
    for (const app of WALLET_APPS) {
      expect(app.id).toMatch(/^[0-9a-f]{64}$/)
      expect(byId.get(app.id), app.name).toBe(app.name)
    }
  })

  it('are listed once each', () => {
    expect(new Set(WALLET_APPS.map((app) => app.id)).size).toBe(WALLET_APPS.length)
  })
})
