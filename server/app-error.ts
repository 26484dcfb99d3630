// What services throw when a request cannot be served. The error handler turns it into the envelope with the
// message translated into the caller's language; the key names a message in the contract's serverMessages.
import { serverMessages, type ServerMessageKey } from '#contract/server-messages.ts'

export type MessageValues = Record<string, string | number>

export class AppError extends Error {
  /** The HTTP status, equal to the envelope's `code`. */
  readonly statusCode: number
  readonly messageKey: ServerMessageKey
  readonly values: MessageValues | undefined
  /** What the envelope's `data` carries beside the message (null by default): facts a client acts on, such as the
   * current price of a 409 priceMoved (docs/api.md). */
  readonly data: unknown

  constructor(statusCode: number, messageKey: ServerMessageKey, values?: MessageValues, data: unknown = null) {
    super(serverMessages[messageKey].message)
    this.name = 'AppError'
    this.statusCode = statusCode
    this.messageKey = messageKey
    this.values = values
    this.data = data
  }
}
