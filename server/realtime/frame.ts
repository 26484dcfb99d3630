// A server frame is the zlib deflate of the JSON message (pako.inflate in the app reads it), sent as binary.
import { deflateSync } from 'node:zlib'
import type { ServerMessage } from '#contract/socket.ts'

export const encodeFrame = (json: string): Buffer => deflateSync(json)

export const messageJson = (message: ServerMessage): string => JSON.stringify(message)
