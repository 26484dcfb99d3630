// Sending addresses (docs/api.md, "Sending addresses"): addresses besides the sign-in wallet that a user proved to
// hold by signing a one-time message with them (EIP-191 personal_sign). A deposit claim of a transfer from the sign-in
// wallet or one of these is credited once the chain check passes; from any other address it waits for an operator,
// because transaction hashes are public and anyone could claim someone else's transfer.
import * as z from 'zod/mini'
import { Millis, type Endpoint } from './endpoint.ts'

export const EvmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'address'))

/** A hex signature: 65 bytes from a plain account, longer from a smart wallet (ERC-1271 / ERC-6492). */
export const HexSignature = z.string().check(z.regex(/^0x[0-9a-fA-F]{130,8000}$/, 'signature'))

export const SendingAddress = z.object({
  /** EIP-55. */
  address: z.string(),
  addedAt: Millis,
})
export type SendingAddress = z.infer<typeof SendingAddress>

export const SendingAddresses = z.object({
  /** The sign-in wallet, proven by signing in; null for e-mail and provider accounts. */
  wallet: z.nullable(z.string()),
  /** Added addresses, oldest first. */
  list: z.array(SendingAddress),
  /** How many may be added (SENDING_ADDRESSES_MAX). */
  max: z.int(),
})
export type SendingAddresses = z.infer<typeof SendingAddresses>

export const AddressBody = z.object({ address: EvmAddress })

export const SendingAddressChallenge = z.object({
  address: z.string(),
  /** The exact text to sign with personal_sign (EIP-191). */
  message: z.string(),
  nonce: z.string(),
  expiresAt: Millis,
})
export type SendingAddressChallenge = z.infer<typeof SendingAddressChallenge>

export const ProveSendingAddress = z.object({
  address: EvmAddress,
  /** The challenge's nonce: which message was signed. */
  nonce: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'nonce')),
  signature: HexSignature,
})
export type ProveSendingAddress = z.infer<typeof ProveSendingAddress>

export const sendingAddressesApi = {
  /** The sign-in wallet and the added addresses. */
  list: { method: 'GET', path: '/getSendingAddresses', data: SendingAddresses, auth: true },
  /** A one-time message naming the user, the address, a nonce and its expiry, to be signed with the address. */
  challenge: { method: 'POST', path: '/sendingAddressChallenge', body: AddressBody, data: SendingAddressChallenge, auth: true },
  /** Adds the address when the signature over the challenge is by it; the same proof again answers the same row. */
  add: { method: 'POST', path: '/addSendingAddress', body: ProveSendingAddress, data: SendingAddress, auth: true },
  /** Stops treating the address as proven for later claims; removing one that is not there answers removed: false. */
  remove: { method: 'POST', path: '/removeSendingAddress', body: AddressBody, data: z.object({ removed: z.boolean() }), auth: true },
} as const satisfies Record<string, Endpoint>
