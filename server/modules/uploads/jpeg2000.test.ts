// The JPEG 2000 decoder's guards: tiles declared against tiles present (read from the codestream, without decoding),
// and the decode time cap, after which the thread is replaced and the next picture decodes as usual.
import { describe, expect, it } from 'vitest'
import { decodeOffThread, tilesOf } from './jpeg2000.ts'
import { jpeg2000Codestream, jpeg2000TileBomb } from './test-files.ts'

describe('JPEG 2000 guards', () => {
  it('counts the tiles a codestream declares and the ones it holds', async () => {
    expect(tilesOf(await jpeg2000Codestream(96, 64))).toEqual({ declared: 1, present: 1 })
    expect(tilesOf(await jpeg2000TileBomb())).toEqual({ declared: 94 * 94, present: 1 })
  })

  it('stops a decode that runs past its time, and decodes the next picture on a new thread', async () => {
    const slow = await jpeg2000Codestream(2400, 1800)
    const started = Date.now()
    await expect(decodeOffThread(slow, 50)).rejects.toThrow('decode took too long')
    expect(Date.now() - started).toBeLessThan(1500)
    const next = await decodeOffThread(await jpeg2000Codestream(96, 64))
    expect([next.width, next.height]).toEqual([96, 64])
  })
})
