// AppKit's wagmi adapter runs on the app's one wagmi config (walletconnect-appkit.ts): a wallet picked in AppKit's
// catalogue must connect the app's own WalletConnect connector on that config, and loading AppKit must neither add
// a second WalletConnect connector nor end a connection the app made.
import { describe, expect, it } from 'vitest'
import { createConfig, createConnector, http } from 'wagmi'
import { connect, getConnection } from 'wagmi/actions'
import { mainnet } from 'wagmi/chains'
import { AppWagmiAdapter } from './walletconnect-appkit.ts'
import type { WalletConnectProvider } from './walletconnect-bundle.ts'

const ACCOUNT = '0x00000000000000000000000000000000000000a1'

/** Stands in for the app's WalletConnect connector (same id); counts its connections. */
function appConnector(calls: string[]) {
  return createConnector((config) => ({
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    async connect(_parameters: { chainId?: number; isReconnecting?: boolean } = {}) {
      calls.push('connect')
      return { accounts: [ACCOUNT], chainId: 1 } as never
    },
    async disconnect() {
      calls.push('disconnect')
    },
    async getAccounts() {
      return [ACCOUNT]
    },
    async getChainId() {
      return 1
    },
    async getProvider() {
      return {}
    },
    async isAuthorized() {
      return false
    },
    onAccountsChanged: () => undefined,
    onChainChanged: () => undefined,
    onDisconnect: () => config.emitter.emit('disconnect'),
  }))
}

/** The page's UniversalProvider, as far as AppKit's WalletConnect connector reads it. */
const universalProvider = {
  on: () => undefined,
  client: { core: { crypto: { getClientId: async () => 'client-1' } } },
} as unknown as WalletConnectProvider

function appConfig(calls: string[]) {
  return createConfig({ chains: [mainnet], connectors: [appConnector(calls)], transports: { [mainnet.id]: http() }, storage: null })
}

describe("AppKit's wagmi adapter on the app's wagmi config", () => {
  it('works on the config it is given and adds no connector of its own to it', async () => {
    const config = appConfig([])
    const adapter = new AppWagmiAdapter(config, 'test-project')
    await adapter.setUniversalProvider(universalProvider as never)
    expect(adapter.wagmiConfig).toBe(config)
    expect(config.connectors.map((c) => c.id)).toEqual(['walletConnect'])
  })

  it("connects a wallet picked in the catalogue through the app's own WalletConnect connector", async () => {
    const calls: string[] = []
    const config = appConfig(calls)
    const adapter = new AppWagmiAdapter(config, 'test-project')
    await adapter.setUniversalProvider(universalProvider as never)
    const { clientId } = await adapter.connectWalletConnect(1)
    expect(clientId).toBe('client-1')
    expect(calls).toEqual(['connect'])
    const connection = getConnection(config)
    expect(connection.status).toBe('connected')
    expect(connection.connector?.id).toBe('walletConnect')
    expect(connection.address?.toLowerCase()).toBe(ACCOUNT)
  })

  it("leaves the app's connections alone when AppKit disconnects at start", async () => {
    const calls: string[] = []
    const config = appConfig(calls)
    await connect(config, { connector: config.connectors[0]! })
    const adapter = new AppWagmiAdapter(config, 'test-project')
    await adapter.disconnect({})
    await adapter.syncConnections()
    expect(getConnection(config).status).toBe('connected')
    expect(calls).toEqual(['connect'])
  })
})
