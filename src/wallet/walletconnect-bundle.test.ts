// reviveRelay decides whether a wallet-app retry may propose a session: only once the relay socket is really open.
// When it cannot, the connect screen must say the user is offline, not that the wallet declined.
import { describe, expect, it } from 'vitest'
import { problemOf } from './wallet-notice.ts'
import { reviveRelay, type WalletConnectProvider } from './walletconnect-bundle.ts'

/** A relay client as WalletConnect's is after an outage: restartTransport opens nothing when nothing is subscribed. */
function fakeProvider(opts: { topics: boolean; reachable: boolean; online?: boolean }) {
  const calls: string[] = []
  const relayer = {
    connected: false,
    async restartTransport() {
      calls.push('restartTransport')
      // WalletConnect's client checks navigator.onLine first (Relayer.confirmOnlineStateOrThrow).
      if (opts.online === false) throw new Error('No internet connection detected. Please restart your network and try again.')
      if (opts.topics && opts.reachable) relayer.connected = true
    },
    async toEstablishConnection() {
      calls.push('toEstablishConnection')
      if (opts.reachable) relayer.connected = true
    },
  }
  return { provider: { client: { core: { relayer } } } as unknown as WalletConnectProvider, calls }
}

describe('reviveRelay', () => {
  it('opens the socket of a client with nothing subscribed yet, so a first proposal can go out once the network is back', async () => {
    const { provider, calls } = fakeProvider({ topics: false, reachable: true })
    await reviveRelay(provider)
    expect(calls).toEqual(['restartTransport', 'toEstablishConnection'])
  })

  it('fails while the relay stays unreachable, so no proposal is made that would stay pending for good', async () => {
    const { provider } = fakeProvider({ topics: false, reachable: false })
    const error = await reviveRelay(provider).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch('unreachable')
    expect(problemOf(error)).toBe('offline')
  })

  it('fails as offline, not as a refusal, when the phone has no network (the client refuses at once)', async () => {
    const { provider } = fakeProvider({ topics: true, reachable: false, online: false })
    const error = await reviveRelay(provider).catch((e: unknown) => e)
    expect(problemOf(error)).toBe('offline')
  })

  it('leaves an open socket alone and restarts a closed one that has a session to resubscribe', async () => {
    const open = fakeProvider({ topics: true, reachable: true })
    ;(open.provider.client.core.relayer as { connected: boolean }).connected = true
    await reviveRelay(open.provider)
    expect(open.calls).toEqual([])
    const closed = fakeProvider({ topics: true, reachable: true })
    await reviveRelay(closed.provider)
    expect(closed.calls).toEqual(['restartTransport'])
  })
})
