// For server tests of console endpoints (any module's): an operator with the given roles, signed in through
// /api/ops/signIn like the console does. Use the token with call(app, ..., { token }).
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { OperatorRole } from '#contract/ops.ts'
import { call } from '../../test/helpers.ts'
import { addOperator } from './operators.ts'
import { totpCode } from './totp.ts'

export type TestOperator = { id: string; name: string; password: string; secret: string }

/** Creates an operator (random name) without signing it in. */
export async function newOperator(app: FastifyInstance, roles: OperatorRole[]): Promise<TestOperator> {
  const name = `op-${randomBytes(6).toString('hex')}`
  const password = `pw-${randomBytes(12).toString('hex')}`
  const { operator, secret } = await addOperator(app.db, { name, password, roles }, 'Test')
  return { id: operator.id, name, password, secret }
}

/** Creates an operator and signs it in; answers its token too. */
export async function signInOperator(app: FastifyInstance, roles: OperatorRole[]): Promise<TestOperator & { token: string }> {
  const operator = await newOperator(app, roles)
  const body = { name: operator.name, password: operator.password, code: totpCode(operator.secret, app.now()) }
  const res = await call(app, 'POST', '/api/ops/signIn', { body })
  if (res.status !== 200) throw new Error(`operator sign-in failed: ${JSON.stringify(res.body)}`)
  return { ...operator, token: (res.body.data as { token: string }).token }
}
