// The environment, read in one place. Every variable is optional; the defaults run the embedded mode
// (PGlite under DATA_DIR, in-process bus, simulator) on http://127.0.0.1:8080.
import { join, resolve } from 'node:path'
import type { HostedChatProvider } from '#contract/support.ts'
import { DEFAULT_LIABILITY_PROOF_RETENTION_DAYS, DEFAULT_LOANS, type AppOptions, type LoanOptions } from './options.ts'
import { isMarketFeedName, MARKET_FEEDS, type MarketFeedConfig } from './market/feeds/select.ts'
import { FloatingInFree } from '#contract/orders.ts'
import { DEFAULT_HOUSE_SHARDS, MAX_HOUSE_SHARDS } from './ledger/shards.ts'
import { DEFAULT_FLOATING_IN_FREE } from '#contract/trading-account.ts'
import { OIDC_PROVIDERS, type OidcProvider } from '#contract/oidc.ts'
import type { OidcProviderConfig } from './options.ts'

export type ServerEnv = {
  port: number
  host: string
  dataDir: string
  /** Where people open the app (behind a proxy, or Vite's in `npm run dev`); printed at start instead of our own. */
  publicUrl?: string
  app: AppOptions
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${value}"`)
  return n
}

function port(value: string | undefined): number {
  const n = integer('PORT', value, 8080)
  if (n < 0 || n > 65535) throw new Error(`PORT must be between 0 and 65535, got "${value}"`)
  return n
}

/** A margin level in percent: a positive decimal. */
function level(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(value.trim()) || Number(value) <= 0) throw new Error(`${name} must be a positive percentage, got "${value}"`)
  return value.trim()
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined)

function floatingInFree(value: string | undefined): FloatingInFree {
  if (!value) return DEFAULT_FLOATING_IN_FREE
  const parsed = FloatingInFree.safeParse(value)
  if (!parsed.success) throw new Error(`FREE_MARGIN_FLOATING must be one of ${FloatingInFree.options.join(', ')}, got "${value}"`)
  return parsed.data
}

/** A non-negative decimal setting, as typed (never a float). */
function decimalSetting(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(value.trim())) throw new Error(`${name} must be a decimal number, got "${value}"`)
  return value.trim()
}

/** LOAN_DAILY_RATE, LOAN_LATE_DAILY_RATE (fractions per day), LOAN_TERMS_DAYS (comma list), LOAN_MIN and LOAN_MAX
 * (verified identities); each falls back to DEFAULT_LOANS. */
function loans(env: NodeJS.ProcessEnv): LoanOptions {
  const terms = text(env.LOAN_TERMS_DAYS)
  const termDays = terms ? terms.split(',').map((d) => integer('LOAN_TERMS_DAYS', d.trim(), 0)) : DEFAULT_LOANS.termDays
  if (termDays.length === 0 || termDays.some((d) => d < 1)) throw new Error(`LOAN_TERMS_DAYS must list whole days, got "${terms}"`)
  return {
    currency: DEFAULT_LOANS.currency,
    dailyRate: decimalSetting('LOAN_DAILY_RATE', env.LOAN_DAILY_RATE, DEFAULT_LOANS.dailyRate),
    lateDailyRate: decimalSetting('LOAN_LATE_DAILY_RATE', env.LOAN_LATE_DAILY_RATE, DEFAULT_LOANS.lateDailyRate),
    termDays,
    limits: {
      verified: {
        min: decimalSetting('LOAN_MIN', env.LOAN_MIN, DEFAULT_LOANS.limits.verified.min),
        max: decimalSetting('LOAN_MAX', env.LOAN_MAX, DEFAULT_LOANS.limits.verified.max),
      },
    },
  }
}

function marketFeed(name: string | undefined, url: string | undefined): MarketFeedConfig {
  const feed = text(name) ?? 'simulator'
  if (!isMarketFeedName(feed)) throw new Error(`MARKET_FEED must be one of ${MARKET_FEEDS.join(', ')}, got "${name}"`)
  const base = text(url)
  if (base !== undefined && !/^wss?:\/\/[^\s]+$/.test(base)) throw new Error(`MARKET_FEED_URL must be a ws:// or wss:// URL, got "${url}"`)
  return { name: feed, url: base }
}

/** PUBLIC_URL's origin (scheme, host and port), or undefined when unset. */
function publicOrigin(value: string | undefined): string | undefined {
  const url = text(value)
  if (url === undefined) return undefined
  try {
    return new URL(url).origin
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://app.example.com, got "${value}"`)
  }
}

/** LIABILITY_PROOF_RETENTION_DAYS: whole days, at least 1 (docs/proof-of-liabilities.md). */
function retentionDays(value: string | undefined): number {
  const n = integer('LIABILITY_PROOF_RETENTION_DAYS', value, DEFAULT_LIABILITY_PROOF_RETENTION_DAYS)
  if (n < 1) throw new Error(`LIABILITY_PROOF_RETENTION_DAYS must be a whole number of days, at least 1, got "${value}"`)
  return n
}

function houseShards(value: string | undefined): number {
  const n = integer('HOUSE_SHARDS', value, DEFAULT_HOUSE_SHARDS)
  if (n < 1 || n > MAX_HOUSE_SHARDS) throw new Error(`HOUSE_SHARDS must be between 1 and ${MAX_HOUSE_SHARDS}, got "${value}"`)
  return n
}

/** Part of Redis channel names: letters, digits, '.', '_' and '-'. */
function deploymentName(value: string | undefined): string | undefined {
  const name = text(value)
  if (name === undefined) return undefined
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) throw new Error(`DEPLOYMENT_NAME must be letters, digits, '.', '_' or '-' (at most 64), got "${value}"`)
  return name
}

/**
 * OIDC_<PROVIDER>_ISSUER, _CLIENT_ID and _CLIENT_SECRET (docs/operations.md): all three, or none. The issuer is https;
 * plain http only on this machine (a local test provider).
 */
function oidcProviders(env: NodeJS.ProcessEnv): Partial<Record<OidcProvider, OidcProviderConfig>> {
  const found: Partial<Record<OidcProvider, OidcProviderConfig>> = {}
  for (const provider of OIDC_PROVIDERS) {
    const prefix = `OIDC_${provider.toUpperCase()}_`
    const [issuer, clientId, clientSecret] = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((name) => text(env[prefix + name]))
    if (!issuer && !clientId && !clientSecret) continue
    if (!issuer || !clientId || !clientSecret) throw new Error(`${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must be set together`)
    let url: URL
    try {
      url = new URL(issuer)
    } catch {
      throw new Error(`${prefix}ISSUER must be a URL such as https://accounts.google.com, got "${issuer}"`)
    }
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) throw new Error(`${prefix}ISSUER must be https, got "${issuer}"`)
    found[provider] = { issuer, clientId, clientSecret }
  }
  return found
}

/**
 * SUPPORT_CHAT_CRISP_ID (a Crisp website id, a UUID) or SUPPORT_CHAT_TAWK_ID (Tawk.to's `<property id>/<widget id>`,
 * the end of its embed address https://embed.tawk.to/...), or neither for Keelson's own chat. Both is a mistake.
 */
function hostedChat(crispId: string | undefined, tawkId: string | undefined): { provider: HostedChatProvider; websiteId: string } | undefined {
  const crisp = text(crispId)
  const tawk = text(tawkId)
  if (crisp !== undefined && tawk !== undefined) throw new Error('Set SUPPORT_CHAT_CRISP_ID or SUPPORT_CHAT_TAWK_ID, not both: the support page shows one chat')
  if (tawk !== undefined) {
    if (!/^[0-9a-f]{24}\/[0-9a-z]{1,32}$/i.test(tawk)) {
      throw new Error(`SUPPORT_CHAT_TAWK_ID must be a Tawk.to property and widget id ("<24 hex>/<widget id>"), got "${tawk}"`)
    }
    return { provider: 'tawk', websiteId: tawk }
  }
  if (crisp === undefined) return undefined
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(crisp)) {
    throw new Error(`SUPPORT_CHAT_CRISP_ID must be a Crisp website id (a UUID), got "${crisp}"`)
  }
  return { provider: 'crisp', websiteId: crisp }
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const dataDir = resolve(env.DATA_DIR || './data')
  return {
    port: port(env.PORT),
    // Only this machine unless asked: a first `npm start` should not open a trading server to the local network.
    host: env.HOST || '127.0.0.1',
    dataDir,
    publicUrl: text(env.PUBLIC_URL),
    app: {
      databaseUrl: text(env.DATABASE_URL),
      pgliteDir: join(dataDir, 'pglite'),
      redisUrl: text(env.REDIS_URL),
      staticDir: resolve(env.STATIC_DIR || './dist'),
      logger: env.LOG_LEVEL || 'info',
      platformName: text(env.PLATFORM_NAME) ?? 'Keelson',
      serverTzOffset: integer('SERVER_TZ_OFFSET', env.SERVER_TZ_OFFSET, 0),
      ethRpcUrl: text(env.ETH_RPC_URL),
      mail: { smtpUrl: text(env.SMTP_URL), outboxDir: join(dataDir, 'outbox'), from: text(env.MAIL_FROM) },
      tickMs: integer('TICK_MS', env.TICK_MS, 1000),
      sessionTtlMs: integer('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30) * 24 * 60 * 60 * 1000,
      marginCallLevel: level('MARGIN_CALL_LEVEL', env.MARGIN_CALL_LEVEL, '100'),
      stopOutLevel: level('STOP_OUT_LEVEL', env.STOP_OUT_LEVEL, '50'),
      floatingInFreeMargin: floatingInFree(env.FREE_MARGIN_FLOATING),
      feedStaleMs: integer('FEED_STALE_SECONDS', env.FEED_STALE_SECONDS, 30) * 1000,
      nftExtendWindowMs: integer('NFT_EXTEND_WINDOW_SECONDS', env.NFT_EXTEND_WINDOW_SECONDS, 300) * 1000,
      nftExtendByMs: integer('NFT_EXTEND_BY_SECONDS', env.NFT_EXTEND_BY_SECONDS, 300) * 1000,
      marketFeed: marketFeed(env.MARKET_FEED, env.MARKET_FEED_URL),
      deploymentName: deploymentName(env.DEPLOYMENT_NAME),
      houseShards: houseShards(env.HOUSE_SHARDS),
      loans: loans(env),
      chainPollMs: integer('CHAIN_POLL_MS', env.CHAIN_POLL_MS, 4000),
      chainStartBlock: env.CHAIN_START_BLOCK ? integer('CHAIN_START_BLOCK', env.CHAIN_START_BLOCK, 0) : undefined,
      uploadDir: resolve(text(env.UPLOAD_DIR) ?? join(dataDir, 'uploads')),
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      publicOrigin: publicOrigin(env.PUBLIC_URL),
      oidc: oidcProviders(env),
      hostedChat: hostedChat(env.SUPPORT_CHAT_CRISP_ID, env.SUPPORT_CHAT_TAWK_ID),
      socketsPerAddress: integer('SOCKETS_PER_ADDRESS', env.SOCKETS_PER_ADDRESS, 30),
      sendingAddressesMax: integer('SENDING_ADDRESSES_MAX', env.SENDING_ADDRESSES_MAX, 10),
      liabilityProofRetentionDays: retentionDays(env.LIABILITY_PROOF_RETENTION_DAYS),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      rateLimit: {
        max: integer('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 300),
        signInMax: integer('RATE_LIMIT_SIGNIN_MAX', env.RATE_LIMIT_SIGNIN_MAX, 10),
        timeWindowMs: integer('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000),
      },
    },
  }
}
