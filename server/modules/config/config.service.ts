// Public settings and the notice. Values are what the operator set (server/cli.ts); a few have defaults from the
// environment so a fresh install shows its platform name and timezone without any setup.
import { desc, eq } from 'drizzle-orm'
import type { ConfigKey, ConfigValue, Notice } from '#contract/config.ts'
import type { Db } from '../../db/client.ts'
import { notices, settings } from './config.table.ts'

export type ConfigDefaults = Partial<Record<ConfigKey, string>>

/** What the app reads for an unset value: the platform name and timezone of the environment. */
export const configDefaults = (conf: { platformName: string; serverTzOffset: number }): ConfigDefaults => ({
  platformName: conf.platformName,
  serverTimezoneOffset: String(conf.serverTzOffset),
})

export async function configValue(db: Db, defaults: ConfigDefaults, configKey: ConfigKey): Promise<ConfigValue> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, configKey))
  // An unset licence stays null, so the licence page can say plainly that nothing is configured.
  return { configKey, value: row?.value ?? defaults[configKey] ?? null }
}

/** Every value an operator set. */
export async function settingValues(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
  return new Map(rows.map((r) => [r.key, r.value]))
}

export async function setConfigValue(db: Db, key: ConfigKey, value: string | null): Promise<void> {
  if (value === null) {
    await db.delete(settings).where(eq(settings.key, key))
    return
  }
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
}

export async function latestNotice(db: Db): Promise<Notice | null> {
  const [row] = await db
    .select()
    .from(notices)
    .where(eq(notices.active, true))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(1)
  return row ? { id: String(row.id), noticeTitle: row.title, noticeContent: row.content } : null
}

/** Publishes a notice; the earlier ones stop showing. */
export async function publishNotice(db: Db, title: string, content: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    await tx.update(notices).set({ active: false }).where(eq(notices.active, true))
    const [row] = await tx.insert(notices).values({ title, content }).returning()
    return { id: String(row!.id), noticeTitle: row!.title, noticeContent: row!.content }
  })
}

export async function clearNotices(db: Db): Promise<number> {
  const rows = await db.update(notices).set({ active: false }).where(eq(notices.active, true)).returning()
  return rows.length
}
