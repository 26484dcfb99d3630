// `node server/cli.ts message <address> <title> <body>`: an operator's message to one user. The CLI is its own
// process, so the new_message push reaches running servers only through Redis; without Redis the app shows the
// message at its next refresh of the unread count (focus, navigation or reload).
import { getAddress, isAddress } from 'viem'
import type { Db } from '../../db/client.ts'
import { databaseIdentity, deploymentNameOf } from '../../realtime/deployment.ts'
import { createRedisBus } from '../../realtime/redis-bus.ts'
import { userIdByAddress } from '../auth/users.repository.ts'
import { insertMessage } from './messages.service.ts'

export function checkMessageArgs(address: string, title: string, body: string) {
  if (!isAddress(address, { strict: false })) throw new Error(`"${address}" is not a wallet address`)
  if (title.trim() === '' || body.trim() === '') throw new Error('The title and the body must not be empty')
}

export async function sendMessageFromCli(db: Db, address: string, title: string, body: string, redisUrl?: string, deploymentName?: string) {
  const userId = await userIdByAddress(db, getAddress(address))
  if (!userId) throw new Error(`No user with the address ${getAddress(address)}`)
  const message = await insertMessage(db, userId, title, body)
  if (redisUrl) {
    // The running servers listen on their deployment's channels (DEPLOYMENT_NAME, else the database's).
    const name = deploymentNameOf(deploymentName, await databaseIdentity(db))
    const bus = await createRedisBus(redisUrl, { warn: (obj, msg) => console.warn(msg, obj) }, name)
    try {
      // A batch of one (the hub reads the 'user' channel in batches).
      const payload = { userId, message: { messageType: 'new_message', data: message } }
      await bus.publish('user', JSON.stringify([payload]))
    } finally {
      await bus.close()
    }
  }
  return `message ${message.id} sent to ${getAddress(address)}`
}
