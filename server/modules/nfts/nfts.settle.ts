// The end of an auction: the leader's job (jobs/jobs.ts) settles every item past its end once, and an operator may
// end one early (nfts.ops.ts). Settling locks the item's row, so a late bid, a purchase and a second settler queue
// behind it and then find it settled; the winner's held bid goes to the charity's account (nft-won:<item>, posted
// once whoever runs it) and the winner becomes the item's owner. No bid: the item closes unsold, nothing moves.
import { and, asc, eq, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../app-error.ts'
import { retrying } from '../../ledger/db-errors.ts'
import { pushBalanceUpdates } from '../../ledger/notify.ts'
import { postJournal, type Posted } from '../../ledger/post.ts'
import { trim } from '../../ledger/reconcile.ts'
import type { Tx } from '../../ledger/types.ts'
import { userById } from '../auth/users.repository.ts'
import { insertTemplateMessage } from '../messages/messages.service.ts'
import { pushMessages, type Told } from './nfts.notify.ts'
import { wonJournal } from './nfts.money.ts'
import { nftBids, nftItems, type NftItemRow } from './nfts.table.ts'

type Sale = { userId: string; amount: string; endedBy: 'time' | 'buy_now' | 'operator'; now: number }

/** Records the sale on the item: the winner, their wallet as the new owner, the amount and when. */
export async function markSold(tx: Tx, item: NftItemRow, sale: Sale): Promise<void> {
  const owner = await userById(tx, sale.userId)
  await tx
    .update(nftItems)
    .set({ status: 'sold', endedBy: sale.endedBy, winnerId: sale.userId, ownerAddress: owner?.address ?? null, saleAmount: sale.amount, settledAt: sale.now, updatedAt: sale.now })
    .where(eq(nftItems.id, item.id))
}

export type SettleHook = (tx: Tx, before: NftItemRow) => Promise<void>

/**
 * Settles item `id` if it is still open: by time only once its end has passed; by an operator at once (409 when it is
 * settled already). `inTx` runs in the same transaction (the operator's audit row). Answers whether it settled now.
 */
export async function settleItem(app: FastifyInstance, id: number, endedBy: 'time' | 'operator', inTx?: SettleHook): Promise<boolean> {
  const out: { posted: Posted | null; told: Told[] } = { posted: null, told: [] }
  const settled = await retrying(() =>
    app.db.transaction(async (tx) => {
      out.posted = null
      out.told = []
      const [item] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update')
      if (!item) throw new AppError(404, 'nftNotFound')
      const now = app.now()
      if (item.status !== 'live') {
        if (endedBy === 'operator') throw new AppError(409, 'nftAlreadyClosed')
        return false
      }
      if (endedBy === 'time' && now < item.endsAt) return false
      const [leading] = await tx
        .select()
        .from(nftBids)
        .where(and(eq(nftBids.itemId, id), eq(nftBids.status, 'leading')))
        .for('update')
      if (leading) {
        const amount = trim(leading.amount)
        await tx.update(nftBids).set({ status: 'won' }).where(eq(nftBids.id, leading.id))
        await markSold(tx, item, { userId: leading.userId, amount, endedBy, now })
        out.posted = await postJournal(tx, wonJournal({ userId: leading.userId, amount, itemId: item.id }, item.charityId))
        out.told = [{ userId: leading.userId, message: await insertTemplateMessage(tx, leading.userId, 'nftWon') }]
      } else {
        await tx.update(nftItems).set({ status: 'unsold', endedBy, settledAt: now, updatedAt: now }).where(eq(nftItems.id, id))
      }
      if (inTx) await inTx(tx, item)
      return true
    }),
  )
  if (out.posted) await pushBalanceUpdates(app, out.posted)
  await pushMessages(app, out.told)
  return settled
}

/** The leader's job: settles every open item whose end has passed, oldest end first; answers how many. */
export async function settleDueItems(app: FastifyInstance, now: number): Promise<number> {
  const due = await app.db
    .select({ id: nftItems.id })
    .from(nftItems)
    .where(and(eq(nftItems.status, 'live'), lte(nftItems.endsAt, now)))
    .orderBy(asc(nftItems.endsAt))
    .limit(200)
  let settled = 0
  for (const { id } of due) if (await settleItem(app, id, 'time')) settled++
  return settled
}
