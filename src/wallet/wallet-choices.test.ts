import { describe, expect, it } from 'vitest'
import { walletChoices, type ConnectorLike } from './wallet-choices.ts'

const generic: ConnectorLike = { id: 'injected', uid: 'u0', name: 'Injected' }
const metamask: ConnectorLike = { id: 'io.metamask', uid: 'u1', name: 'MetaMask', icon: 'data:image/svg+xml,m', rdns: 'io.metamask' }
const rabby: ConnectorLike = { id: 'io.rabby', uid: 'u2', name: 'Rabby Wallet', icon: 'data:image/svg+xml,r', rdns: 'io.rabby' }

const names = (list: ReturnType<typeof walletChoices>) => list.map((c) => (c.isGeneric ? 'generic' : c.connector.name))

describe('walletChoices', () => {
  it('offers each announced wallet with its own name and icon, and no generic entry beside them', () => {
    const list = walletChoices([generic, metamask, rabby], true)
    expect(names(list)).toEqual(['MetaMask', 'Rabby Wallet'])
    expect(list.every((c) => c.connector.icon)).toBe(true)
  })

  it('shows a wallet that announced itself twice once', () => {
    expect(names(walletChoices([metamask, { ...metamask, uid: 'u9' }, { ...metamask, uid: 'u8', id: 'x', rdns: 'x' }], true))).toEqual(['MetaMask'])
  })

  it('falls back to the generic browser wallet only when no wallet announced itself and window.ethereum exists', () => {
    expect(names(walletChoices([generic], true))).toEqual(['generic'])
    expect(walletChoices([generic], false)).toEqual([])
  })
})
