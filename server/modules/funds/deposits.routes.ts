import type { FastifyInstance } from 'fastify'
import { depositsApi } from '#contract/deposits.ts'
import { sendingAddressesApi } from '#contract/sending-addresses.ts'
import { route } from '../../route.ts'
import { createVerifier } from '../auth/signature.ts'
import { createClaim } from './deposits.claims.ts'
import { addMonitor, depositInstructions, gasPrice, myDeposits } from './deposits.service.ts'
import { issueChallenge, listSendingAddresses, proveSendingAddress, removeSendingAddress } from './sending-addresses.ts'

export function registerDepositRoutes(app: FastifyInstance) {
  route(app, depositsApi.initRechargeCode, ({ user, body }) => depositInstructions(app, user.id, body))
  route(app, depositsApi.createRechargePlat, ({ user, body }) => createClaim(app, user.id, body))
  route(app, depositsApi.addMonitorAddressV2, ({ user, body }) => addMonitor(app, user.id, body.network, body.address))
  route(app, depositsApi.gasPrice, () => gasPrice(app))
  route(app, depositsApi.myDeposits, ({ user, query }) => myDeposits(app.db, user.id, query))
  const verify = createVerifier(app.conf.ethRpcUrl)
  route(app, sendingAddressesApi.list, ({ user }) => listSendingAddresses(app, user.id))
  route(app, sendingAddressesApi.challenge, ({ user, body }) => issueChallenge(app, user.id, body.address))
  route(app, sendingAddressesApi.add, ({ user, body }) => proveSendingAddress(app, verify, user.id, body))
  route(app, sendingAddressesApi.remove, ({ user, body }) => removeSendingAddress(app, user.id, body.address))
}
