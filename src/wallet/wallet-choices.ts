// The wallets the picker offers: each wallet that announced itself (EIP-6963) once, with its own name and icon.
// wagmi also keeps a generic "injected" connector for window.ethereum; it is the same wallet as an announced one
// whenever any wallet announced, so it is offered only when none did (a wallet too old for EIP-6963).

export type ConnectorLike = { id: string; uid: string; name: string; icon?: string | undefined; rdns?: string | readonly string[] | undefined }

export type WalletChoice<C extends ConnectorLike> = { connector: C; isGeneric: boolean }

export const GENERIC_INJECTED_ID = 'injected'

export function walletChoices<C extends ConnectorLike>(connectors: readonly C[], hasWindowEthereum: boolean): WalletChoice<C>[] {
  const seen = new Set<string>()
  const announced: WalletChoice<C>[] = []
  for (const connector of connectors) {
    if (connector.id === GENERIC_INJECTED_ID) continue
    const rdns = Array.isArray(connector.rdns) ? connector.rdns[0] : connector.rdns
    const keys = [rdns ?? connector.id, connector.name.trim().toLowerCase()]
    if (keys.some((k) => seen.has(k))) continue
    keys.forEach((k) => seen.add(k))
    announced.push({ connector, isGeneric: false })
  }
  if (announced.length > 0) return announced
  const generic = connectors.find((c) => c.id === GENERIC_INJECTED_ID)
  return generic && hasWindowEthereum ? [{ connector: generic, isGeneric: true }] : []
}
