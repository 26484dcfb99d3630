// Why the last wallet step did not go through, shown on the connect screen: the wallet (or its user) declined, or
// WalletConnect could not be reached. Set where it happens (the connect panel, or the sign page before it sends
// the user back to the connect screen); cleared when the user tries again.
import { proxy } from 'valtio'
import { ui } from '../state/ui.ts'

export type WalletProblem = 'none' | 'refused' | 'offline'

export const walletNotice = proxy({ problem: 'none' as WalletProblem })

export function problemOf(error: unknown): Exclude<WalletProblem, 'none'> {
  return error instanceof Error && error.name === 'WalletConnectOffline' ? 'offline' : 'refused'
}

export function setWalletProblem(problem: WalletProblem): void {
  walletNotice.problem = problem
}

/** Picking a wallet, Sign in or Switch is the user's choice to sign in: the chain guard may now ask for it. */
export function wantSignature(): void {
  walletNotice.problem = 'none'
  ui.isSignWanted = true
}
