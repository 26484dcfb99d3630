// Deferred P/L settlements (orders.money-close.ts settlementJournal, 0014_orders_fast.sql). A user's close now settles its
// P/L in its own transaction, but earlier versions committed it without touching the house trading_counterparty row
// and posted pl:<no> afterwards, marking the row settlement_pending until then. A settlement such a version lost to a
// crash is found by its mark and posted by the sweep, once (the journal key is unique; a repeat replays).
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { postJournal, type JournalInput, type Posted } from '../../ledger/post.ts'
import { settlementJournal } from './orders.money-close.ts'
import { orders } from './orders.table.ts'

const SWEEP_EVERY_MS = 60_000
/** A mark younger than this most likely belongs to a close still posting its settlement. */
const SWEEP_AFTER_MS = 30_000
const SWEEP_BATCH = 500

// Marks cleared in the same tick go in one UPDATE.
type Clearing = { ids: bigint[]; done: Promise<void> }
const clearing = new WeakMap<Db, Clearing>()

function clearMark(db: Db, id: bigint): Promise<void> {
  let pending = clearing.get(db)
  if (!pending) {
    const next: Clearing = { ids: [], done: Promise.resolve() }
    next.done = Promise.resolve().then(async () => {
      clearing.delete(db)
      await db.update(orders).set({ settlementPending: false }).where(inArray(orders.id, next.ids))
    })
    clearing.set(db, (pending = next))
  }
  pending.ids.push(id)
  return pending.done
}

/** Posts a deferred settlement (batched with others) and clears its row's mark. */
async function postSettlement(db: Db, orderNo: bigint, journal: JournalInput): Promise<Posted> {
  const posted = await postJournal(db, journal)
  await clearMark(db, orderNo)
  return posted
}

/** Settles every marked close older than `olderThanMs`; answers how many it posted or replayed. */
export async function sweepSettlements(app: FastifyInstance, olderThanMs = SWEEP_AFTER_MS): Promise<number> {
  const rows = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.settlementPending, true), lte(orders.closeTime, app.now() - olderThanMs)))
    .limit(SWEEP_BATCH)
  await Promise.all(rows.map((row) => postSettlement(app.db, row.id, settlementJournal(row))))
  if (rows.length > 0) app.log.warn({ count: rows.length }, 'settled closes whose P/L settlement was lost')
  return rows.length
}

/** Every process sweeps at start and then now and then: a settlement outlives the process that lost it. */
export function sweepSettlementsPeriodically(app: FastifyInstance): void {
  const sweep = () => void sweepSettlements(app).catch((error: unknown) => app.log.error({ err: error }, 'settlement sweep failed'))
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    sweep()
    timer = setInterval(sweep, SWEEP_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
