// A tiny event hub between the api client (which sees 401s) and the wallet layer (which knows how to ask for a
// new signature), so lib does not import wallet.
type Listener = () => void
const reauthListeners = new Set<Listener>()
const signedInListeners = new Set<Listener>()
const signedOutListeners = new Set<Listener>()

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
   * signature until the user chooses to sign in again. Fired before the token is forgotten.
   */
  signedOut() {
    for (const l of signedOutListeners) l()
  },
  onSignedOut(l: Listener) {
    signedOutListeners.add(l)
    return () => void signedOutListeners.delete(l)
  },
}
