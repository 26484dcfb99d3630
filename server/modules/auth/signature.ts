// Does `signature` sign `message` for `address`? Plain accounts (EOAs) are checked locally by recovering the
// signer. With an Ethereum RPC, smart wallets are checked on chain (ERC-1271, and ERC-6492 for undeployed ones).
import { createPublicClient, http, verifyMessage, type Address, type Hex } from 'viem'
import { mainnet } from 'viem/chains'

export type VerifySignature = (address: Address, message: string, signature: Hex) => Promise<boolean>

async function verifyLocally(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature })
  } catch {
    // Not a recoverable ECDSA signature (wrong length, bad point): simply not a signature by this address.
    return false
  }
}

export function createVerifier(ethRpcUrl?: string): VerifySignature {
  if (!ethRpcUrl) return verifyLocally
  // 5 s leaves room inside the app's 8 s request timeout.
  const client = createPublicClient({ chain: mainnet, transport: http(ethRpcUrl, { timeout: 5000, retryCount: 1 }) })
  return async (address, message, signature) =>
    // An RPC outage throws and becomes a logged 500: the signature may well be valid, so "invalid" would be wrong.
    (await verifyLocally(address, message, signature)) || client.verifyMessage({ address, message, signature })
}
