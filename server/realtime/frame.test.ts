import { inflate } from 'pako'
import { describe, expect, it } from 'vitest'
import type { Writable } from 'node:stream'
import * as ws from 'ws'
import { storedFrame, wireFrame } from './frame.ts'

// ws's frame parser, the one its clients use; @types/ws does not declare it.
type Parser = Writable & { once(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): Parser }
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => Parser }

describe('frames', () => {
  it("wraps a reply in a zlib stream the app's pako inflates back to the same JSON", () => {
    for (const json of ['{"messageType":"pong","data":{"time":1764000000000}}', '{"x":"é€😀"}', '']) {
      expect(inflate(storedFrame(json), { toText: true })).toBe(json)
    }
  })

  it('builds WebSocket messages a client reads, for every length encoding', async () => {
    for (const length of [0, 125, 126, 65535, 65536, 200_000]) {
      const payload = Buffer.alloc(length, 7)
      const receiver = new Receiver({ isServer: false, maxPayload: 0 })
      const got = new Promise<[Buffer, boolean]>((resolve) => receiver.once('message', (data, isBinary) => resolve([data, isBinary])))
      receiver.write(wireFrame(payload))
      const [data, isBinary] = await got
      expect(isBinary).toBe(true)
      expect(data.equals(payload)).toBe(true)
    }
  })
})
