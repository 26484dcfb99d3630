// A tiny event hub between the api client (which sees 401s) and the wallet layer (which knows how to ask for a
// new signature), so lib does not import wallet.
type Listener = () => void
/** May return a promise: sign-out waits for it (the wallet's disconnect must finish before the page moves on). */
type SignedOutListener = () => void | Promise<unknown>
const reauthListeners = new Set<Listener>()
const signedInListeners = new Set<Listener>()
const signedOutListeners = new Set<SignedOutListener>()

export const authEvents = {
  /** A call came back 401: the token is gone, ask the wallet to sign again. */
  requestReauth() {
    for (const l of reauthListeners) l()
  },
  onReauth(l: Listener) {
    reauthListeners.add(l)
    return () => void reauthListeners.delete(l)
  },
  /** The "sign success" event of the product: a token was just stored. */
  signedIn() {
    for (const l of signedInListeners) l()
  },
  onSignedIn(l: Listener) {
    signedInListeners.add(l)
    return () => void signedInListeners.delete(l)
  },
  /**
   * The user signed out (or the server ended the session): the wallet layer disconnects the wallet and asks for no
   * signature until the user chooses to sign in again. Fired before the token is forgotten; settles when every
   * listener's work has (never rejects).
   */
  signedOut(): Promise<void> {
    // Called synchronously, so every listener has acted before the token is forgotten.
    const work = [...signedOutListeners].map((l) => {
      try {
        return Promise.resolve(l())
      } catch (error) {
        return Promise.reject(error)
      }
    })
    return Promise.allSettled(work).then(() => undefined)
  },
  onSignedOut(l: SignedOutListener) {
    signedOutListeners.add(l)
    return () => void signedOutListeners.delete(l)
  },
}
