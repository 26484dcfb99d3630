// A socket client for the server tests: decodes every frame as the app does, and lets a test await the next frame
// of a type or the close code, instead of sleeping.
import { inflate } from 'pako'
import WebSocket from 'ws'
import { ServerMessage } from '#contract/socket.ts'

export async function connect(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options)
  const frames: Array<{ raw: Buffer; message: ServerMessage }> = []
  const waiters: Array<() => void> = []
  socket.on('message', (raw: Buffer, isBinary) => {
    if (!isBinary) throw new Error('the server sent a text frame')
    const message = ServerMessage.parse(JSON.parse(inflate(raw, { toText: true })))
    frames.push({ raw, message })
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const closed = new Promise<number>((resolve) => socket.once('close', resolve))
  async function next<T extends ServerMessage['messageType']>(type: T, after = 0) {
    for (;;) {
      const found = frames.slice(after).find((f) => f.message.messageType === type)
      if (found) return found as { raw: Buffer; message: Extract<ServerMessage, { messageType: T }> }
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  const send = (value: unknown) => socket.send(typeof value === 'string' ? value : JSON.stringify(value))
  return { socket, frames, next, send, closed }
}

export type TestClient = Awaited<ReturnType<typeof connect>>

/** The socket URL of an app listening on a port. */
export const socketUrl = (address: string) => `${address.replace('http', 'ws')}/ws`

/** A handshake the server refuses: the HTTP status it answered instead of upgrading. */
export function refusedStatus(url: string, options: WebSocket.ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options)
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('open', () => {
      socket.close()
      reject(new Error('the socket was accepted'))
    })
    socket.once('error', (error) => reject(error))
  })
}
