// Does `signature` sign `message` for `address`? Plain accounts (EOAs) are checked locally by recovering the
// signer. With an Ethereum RPC, smart wallets are checked on chain (ERC-1271, and ERC-6492 for undeployed ones).
import type { Address, Hex, PublicClient } from 'viem'

export type VerifySignature = (address: Address, message: string, signature: Hex) => Promise<boolean>

async function verifyLocally(address: Address, message: string, signature: Hex): Promise<boolean> {
  // viem loads on the first sign-in, not at every start (bench:start).
  const { verifyMessage } = await import('viem')
  try {
    return await verifyMessage({ address, message, signature })
  } catch {
    // Not a recoverable ECDSA signature (wrong length, bad point): simply not a signature by this address.
    return false
  }
}

export function createVerifier(ethRpcUrl?: string): VerifySignature {
  if (!ethRpcUrl) return verifyLocally
  // viem/chains is a thousand modules: loaded on the first smart-wallet check, not at every start (bench:start).
  // 5 s leaves room inside the app's 8 s request timeout.
  let client: Promise<PublicClient> | undefined
  const onChain = () =>
    (client ??= Promise.all([import('viem'), import('viem/chains')]).then(([{ createPublicClient, http }, { mainnet }]) =>
      createPublicClient({ chain: mainnet, transport: http(ethRpcUrl, { timeout: 5000, retryCount: 1 }) }),
    ))
  return async (address, message, signature) =>
    // An RPC outage throws and becomes a logged 500: the signature may well be valid, so "invalid" would be wrong.
    (await verifyLocally(address, message, signature)) || (await onChain()).verifyMessage({ address, message, signature })
}
