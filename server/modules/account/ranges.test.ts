// Time ranges of the record, its totals and the CSV export: an attacker's `to=253402300800000` once reached
// `new Date()` and answered 500 "Invalid time value". Every bound outside the contract's range is a 400 now.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_TIME_MS } from '#contract/account.ts'
import { buildTestApp, call, signIn } from '../../test/helpers.ts'

let app: FastifyInstance
let token: string
beforeAll(async () => {
  app = await buildTestApp()
  token = (await signIn(app)).token
})
afterAll(() => app?.close())

const ENDPOINTS = ['/api/getMyTransactionRecord', '/api/getMyTransactionRecordStatic', '/api/exportTransactionRecord']

const BAD_VALUES = [
  ['the first millisecond of year 10000', '253402300800000'],
  ['1e20', '1e20'],
  ['a long hex number', `0x${'f'.repeat(40)}`],
  ['a short hex number', '0xff'],
  ['exponent notation within the range', '1e12'],
  ['a negative time', '-1'],
  ['a non-integer', '1.5'],
  ['Infinity', 'Infinity'],
  ['a word', 'yesterday'],
  ['an empty value', ''],
]

describe.each(ENDPOINTS)('GET %s', (path) => {
  it.each(BAD_VALUES.flatMap(([name, value]) => ['from', 'to'].map((field) => [field, name, value, field] as const)))(
    'refuses %s as %s with 400 naming the field',
    async (_f, _name, value, field) => {
      const res = await call(app, 'GET', `${path}?${field}=${encodeURIComponent(value!)}`, { token })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ code: 400, msg: `Invalid input: ${field}`, data: null })
    },
  )

  it('refuses a range whose start is after its end', async () => {
    const res = await call(app, 'GET', `${path}?from=2000&to=1000`, { token })
    expect(res.body).toEqual({ code: 400, msg: 'Invalid input: from', data: null })
  })

  it('accepts the widest range: from 0 to the last millisecond of year 9999', async () => {
    const res = await app.inject({ method: 'GET', url: `${path}?from=0&to=${MAX_TIME_MS}`, headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(200)
  })

  it('accepts a range of one instant', async () => {
    const now = Date.now()
    const one = await app.inject({ method: 'GET', url: `${path}?from=${now}&to=${now}`, headers: { authorization: `Bearer ${token}` } })
    expect(one.statusCode).toBe(200)
  })

  it('still asks for a sign-in before looking at the range', async () => {
    const res = await call(app, 'GET', `${path}?to=1e20`)
    expect(res.status).toBe(401)
  })
})

it('keeps the widest range on the caller’s own rows: the demo funding is in it', async () => {
  const res = await call(app, 'GET', `/api/getMyTransactionRecord?from=0&to=${MAX_TIME_MS}`, { token })
  expect(res.body.data).toMatchObject({ total: 1, list: [{ kind: 'demo_funding', amount: '10000' }] })
})
