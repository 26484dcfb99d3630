import { describe, expect, it } from 'vitest'
import { guardAction, safeRedirect, type GuardState } from './guard-rules.ts'

const A = '0xAaAa000000000000000000000000000000000001'
const B = '0xBbBb000000000000000000000000000000000002'
const signedIn: GuardState = { connected: true, onAcceptedChain: true, walletAddress: A, token: 't', storedAddress: A, isSignWanted: false, pathname: '/' }
const signedOut: GuardState = { connected: false, onAcceptedChain: false, walletAddress: null, token: null, storedAddress: null, isSignWanted: false, pathname: '/' }

describe('guardAction', () => {
  it('leaves a signed-in wallet on chain 1 alone, also with the address in another case', () => {
    expect(guardAction(signedIn)).toEqual({})
    expect(guardAction({ ...signedIn, storedAddress: A.toLowerCase(), pathname: '/profile' })).toEqual({})
  })

  it('never pushes a signed-out visitor anywhere nor asks them to sign', () => {
    for (const pathname of ['/', '/trades', '/help', '/news', '/profile/balance']) {
      expect(guardAction({ ...signedOut, pathname })).toEqual({})
      // After "Sign out" the wallet may still be connected for a moment (or stay so): still no signature by itself.
      expect(guardAction({ ...signedIn, token: null, storedAddress: null, pathname })).toEqual({})
    }
  })

  it('asks for a signature only once the user chose to sign in, and lands home from the connect page', () => {
    const connectedOnEmpty = { ...signedIn, token: null, storedAddress: null, pathname: '/empty' }
    expect(guardAction(connectedOnEmpty)).toEqual({})
    expect(guardAction({ ...connectedOnEmpty, isSignWanted: true })).toEqual({ askReturnTo: '/' })
    expect(guardAction({ ...connectedOnEmpty, isSignWanted: true, pathname: '/trades' })).toEqual({ askReturnTo: '/trades' })
  })

  it('sends a signed-in wallet that disconnects or leaves chain 1 to /empty, revoking the token and removing the address', () => {
    expect(guardAction({ ...signedIn, connected: false, walletAddress: null })).toEqual({ revoke: true, address: null, go: '/empty', settleWish: true })
    expect(guardAction({ ...signedIn, onAcceptedChain: false })).toEqual({ revoke: true, address: null, go: '/empty' })
  })

  it('quietly forgets the address of a signed-out wallet that is gone', () => {
    expect(guardAction({ ...signedOut, storedAddress: A })).toEqual({ address: null })
  })

  it('revokes the old token and asks the new account to sign after an account change', () => {
    expect(guardAction({ ...signedIn, walletAddress: B, pathname: '/profile' })).toEqual({ revoke: true, address: B, askReturnTo: '/profile' })
  })

  it('lets an e-mail session be, wallet or not, until the user picks a wallet to sign in with', () => {
    const email = { ...signedOut, token: 't', pathname: '/profile' }
    expect(guardAction(email)).toEqual({})
    expect(guardAction({ ...email, connected: true, walletAddress: A, onAcceptedChain: false })).toEqual({})
    expect(guardAction({ ...email, connected: true, walletAddress: A, onAcceptedChain: true })).toEqual({})
    expect(guardAction({ ...email, connected: true, walletAddress: A, onAcceptedChain: true, isSignWanted: true })).toEqual({ askReturnTo: '/profile' })
  })

  it('moves a signed-in user off the connect and sign pages', () => {
    expect(guardAction({ ...signedIn, pathname: '/empty' })).toEqual({ go: '/', settleWish: false })
    expect(guardAction({ ...signedIn, pathname: '/sign', isSignWanted: true })).toEqual({ go: 'back', settleWish: true })
  })

  it('returns from /sign only to a path on this site', () => {
    expect(safeRedirect('?redirect=/profile')).toBe('/profile')
    expect(safeRedirect('?redirect=//evil.example')).toBe('/')
    expect(safeRedirect('?redirect=https://evil.example')).toBe('/')
  })
})
