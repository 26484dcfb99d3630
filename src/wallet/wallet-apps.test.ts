import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PresetsUtil, ConstantsUtil as CommonConstants } from '@reown/appkit-common'
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
// apps" (featured ids first) would show them twice, or not at all. The ids are not written from memory: they are
// held to the ones AppKit itself ships (the same version the app loads), and to the catalogue fixture the e2e tests
// serve (tests/e2e/fixtures/wallet-catalogue.json).

/** AppKit's wallet buttons name these wallets by key (@reown/appkit-wallet-button, ConstantsUtil.WalletButtonsIds). */
const WALLET_BUTTON_KEYS: Record<string, string> = {
  MetaMask: 'metamask',
  'Trust Wallet': 'trust',
  Rainbow: 'rainbow',
  'Coinbase Wallet': 'coinbase',
  'Uniswap Wallet': 'uniswap',
  Zerion: 'zerion',
}

/** AppKit's presets (@reown/appkit-common), for the wallets they name: by connector name, or Coinbase's connector id. */
const PRESET_IDS: Record<string, string | undefined> = {
  MetaMask: PresetsUtil.ConnectorExplorerIds[CommonConstants.METMASK_CONNECTOR_NAME],
  'Trust Wallet': PresetsUtil.ConnectorExplorerIds[CommonConstants.TRUST_CONNECTOR_NAME],
  'Coinbase Wallet': PresetsUtil.ConnectorExplorerIds[CommonConstants.CONNECTOR_ID.COINBASE],
}

/** The wallet buttons' ids: the package exports only its web component, so its constants file is read by path. */
async function walletButtonIds(): Promise<Record<string, string>> {
  const entry = createRequire(import.meta.url).resolve('@reown/appkit-wallet-button')
  const file = join(dirname(entry), '../src/utils/ConstantsUtil.js')
  const { ConstantsUtil } = (await import(pathToFileURL(file).href)) as { ConstantsUtil: { WalletButtonsIds: Record<string, string> } }
  return ConstantsUtil.WalletButtonsIds
}

describe('the bundled wallet apps', () => {
  it("carry the WalletGuide ids AppKit itself ships for them", async () => {
    const buttons = await walletButtonIds()
    expect(Object.keys(WALLET_BUTTON_KEYS).sort()).toEqual(WALLET_APPS.map((app) => app.name).sort())
    for (const app of WALLET_APPS) {
      expect(app.id, app.name).toBe(buttons[WALLET_BUTTON_KEYS[app.name]!])
      const preset = PRESET_IDS[app.name]
      if (preset !== undefined) expect(app.id, `${app.name} (presets)`).toBe(preset)
    }
    // Three of the six are in AppKit's presets too; the check above is not vacuous for them.
    expect(Object.values(PRESET_IDS).filter(Boolean)).toHaveLength(3)
  })

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

  it('ship each icon, and NOTICE says where each one comes from', () => {
    const lines = readFileSync(new URL('../../public/wallets/NOTICE', import.meta.url), 'utf8').split('\n')
    const lettermarks = lines.find((line) => line.includes('are lettermarks')) ?? ''
    for (const app of WALLET_APPS) {
      const file = app.icon.replace('/wallets/', '')
      expect(existsSync(new URL(`../../public${app.icon}`, import.meta.url)), app.icon).toBe(true)
      // A real logo has an entry of its own (source and terms); a lettermark is listed as one.
      const logo = lines.some((line) => line.startsWith(`${file} - ${app.name} (`))
      expect(logo !== lettermarks.includes(file), file).toBe(true)
    }
  })
})
