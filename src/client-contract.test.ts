// The browser's copy of a contract module (scripts/vite-client-contract.ts): endpoints keep what api() reads and
// lose their schemas; module-level values made by calls can be dropped when unused; the code still runs the same.
import { describe, expect, it } from 'vitest'
import { stripContract } from '../scripts/vite-client-contract.ts'

const source = `import * as z from 'zod/mini'
const calls = []
const make = (kind) => (...args) => (calls.push(kind), { kind, args })
const zz = { object: make('object'), string: make('string'), array: make('array') }
export const Item = zz.object({ name: zz.string() })
export const LIMIT = 20
export const pageOf = (item) => zz.object({ list: zz.array(item) })
export const itemsApi = {
  list: { method: 'GET', path: '/items', query: zz.object({}), data: pageOf(Item), auth: false },
  add: { method: 'POST', path: '/addItem', body: Item, auth: true, money: true, data: Item },
}
export const notAnEndpoint = { method: 'GET', data: Item }
export { calls }
`

async function load(code: string) {
  const url = `data:text/javascript,${encodeURIComponent(code.replace("import * as z from 'zod/mini'\n", ''))}`
  return (await import(/* @vite-ignore */ url)) as Record<string, unknown>
}

describe('the browser copy of a contract module', () => {
  const out = stripContract(source)!.toString()

  it('keeps method, path, auth and money of every endpoint and drops its query, body and data', async () => {
    const mod = await load(out)
    expect(mod.itemsApi).toEqual({
      list: { method: 'GET', path: '/items', auth: false },
      add: { method: 'POST', path: '/addItem', auth: true, money: true },
    })
  })

  it('leaves other objects, plain constants and functions as they were', async () => {
    const [before, after] = [await load(source), await load(out)]
    expect(after.LIMIT).toBe(20)
    expect(after.notAnEndpoint).toEqual(before.notAnEndpoint)
    expect((after.pageOf as (x: unknown) => unknown)('x')).toEqual((before.pageOf as (x: unknown) => unknown)('x'))
    expect(after.Item).toEqual(before.Item)
  })

  it('makes each module-level value inside a call marked pure, so an unused schema can be dropped', () => {
    expect(out).toContain("export const Item = /* @__PURE__ */ (() => (zz.object({ name: zz.string() })))()")
    expect(out).toContain('export const LIMIT = 20\n')
  })

  it('leaves a module without endpoints or calls untouched', () => {
    expect(stripContract('export const A = 1\n')).toBeNull()
  })
})
