// Signing a sending address's message with a wallet in this browser: window.ethereum, else the first wallet that
// announces itself (EIP-6963), asked for its accounts and personal_sign only (docs/architecture.md, principle 2).
// Plain EIP-1193 requests, no wallet library: this file is part of the deposit screen's lazy chunk.
type Eip1193 = { request: (a: { method: string; params?: unknown[] }) => Promise<unknown> }

/** The wallet's account is another address than the one being added. */
export class OtherAccount extends Error {
  readonly accounts: string[]
  constructor(accounts: string[]) {
    super('other account')
    this.accounts = accounts
  }
}

/** The browser's wallet, if any: window.ethereum, or the first EIP-6963 announcement within a moment. */
export function findBrowserWallet(): Promise<Eip1193 | null> {
  const injected = (window as { ethereum?: Eip1193 }).ethereum
  if (injected) return Promise.resolve(injected)
  return new Promise((resolve) => {
    const onAnnounce = (e: Event) => {
      const provider = (e as CustomEvent<{ provider?: Eip1193 }>).detail?.provider
      if (provider) done(provider)
    }
    const done = (provider: Eip1193 | null) => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      clearTimeout(timer)
      resolve(provider)
    }
    const timer = setTimeout(() => done(null), 300)
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
}

const utf8Hex = (text: string) => `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`

/** personal_sign of `message` by `address`; OtherAccount when the wallet does not hold it. */
export async function signWithBrowserWallet(wallet: Eip1193, address: string, message: string): Promise<string> {
  const accounts = ((await wallet.request({ method: 'eth_requestAccounts' })) as string[] | null) ?? []
  const account = accounts.find((a) => a.toLowerCase() === address.toLowerCase())
  if (!account) throw new OtherAccount(accounts)
  const signature = await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), account] })
  if (typeof signature !== 'string' || !signature.startsWith('0x')) throw new Error('no signature')
  return signature
}
