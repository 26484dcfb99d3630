// A server frame is a zlib stream of the JSON message (pako.inflate in the app reads it), sent as binary. What goes
// to many sockets is deflated once; a small reply to one socket (pong, bound) is wrapped in a zlib "stored" block
// instead, which costs a copy and a checksum rather than a deflate state of a few hundred KB per message.
import { deflateSync } from 'node:zlib'
import type { WebSocket } from 'ws'
import type { ServerMessage } from '#contract/socket.ts'

export const encodeFrame = (json: string): Buffer => deflateSync(json)

export const messageJson = (message: ServerMessage): string => JSON.stringify(message)

const ADLER_MOD = 65521
const STORED_MAX = 65535

function adler32(data: Buffer): number {
  let a = 1
  let b = 0
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]!) % ADLER_MOD
    b = (b + a) % ADLER_MOD
  }
  return ((b << 16) | a) >>> 0
}

/** RFC 1950/1951: a zlib header, one final stored block of the bytes as they are, the Adler-32 of them. */
export function storedFrame(json: string): Buffer {
  const data = Buffer.from(json)
  if (data.length > STORED_MAX) return encodeFrame(json)
  const out = Buffer.allocUnsafe(2 + 5 + data.length + 4)
  out[0] = 0x78 // deflate, 32 KB window
  out[1] = 0x01 // no dictionary, fastest; (0x78 << 8 | 0x01) is a multiple of 31 as the header check requires
  out[2] = 0x01 // BFINAL = 1, BTYPE = 00 (stored)
  out.writeUInt16LE(data.length, 3)
  out.writeUInt16LE(~data.length & 0xffff, 5)
  data.copy(out, 7)
  out.writeUInt32BE(adler32(data), 7 + data.length)
  return out
}

/**
 * The whole WebSocket message as it goes on the wire (RFC 6455 5.2: FIN, binary opcode, unmasked from a server),
 * built once per broadcast, so sending it to a socket is one write of one Buffer: no header allocated per socket,
 * no cork/uncork pair turning into a writev.
 */
export function wireFrame(payload: Buffer): Buffer {
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10
  const out = Buffer.allocUnsafe(headerLength + length)
  out[0] = 0x82
  if (length < 126) out[1] = length
  else if (length < 65536) {
    out[1] = 126
    out.writeUInt16BE(length, 2)
  } else {
    out[1] = 127
    out.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(out, headerLength)
  return out
}

/** A frame for the hub: the zlib payload, and the same as a ready WebSocket message. */
export type Frame = { payload: Buffer; wire: Buffer }

export const toFrame = (payload: Buffer): Frame => ({ payload, wire: wireFrame(payload) })

type WsInternals = { _socket?: { writable?: boolean; write?: (data: Buffer) => boolean }; _extensions?: Record<string, unknown> }
const DEFLATE_EXTENSION = 'permessage-deflate'

/**
 * Sends a frame. A ws server socket without extensions (the server never negotiates permessage-deflate: frames are
 * deflated by us, once) writes nothing of its own between messages, so the pre-built message may go straight to its
 * TCP socket; anything else (a test double, an extension) goes through ws.send.
 */
export function sendFrame(socket: WebSocket, frame: Frame): void {
  const internals = socket as unknown as WsInternals
  const tcp = internals._socket
  if (tcp?.write && tcp.writable && internals._extensions && internals._extensions[DEFLATE_EXTENSION] === undefined) {
    tcp.write(frame.wire)
    return
  }
  socket.send(frame.payload, { binary: true, compress: false })
}
