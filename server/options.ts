// buildApp's options and their defaults. main.ts fills them from the environment; tests pass them directly.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { HostedChatProvider } from '#contract/support.ts'
import type { MailOptions } from './modules/password/mailer.ts'
import type { MarketFeedConfig } from './market/feeds/select.ts'
import type { FloatingInFree } from '#contract/orders.ts'
import { DEFAULT_HOUSE_SHARDS } from './ledger/shards.ts'
import { DEFAULT_FLOATING_IN_FREE } from '#contract/trading-account.ts'
import type { OidcProvider } from '#contract/oidc.ts'

/** One OpenID Connect provider (modules/oidc): its issuer URL and this app's client there. */
export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string }

export type RateLimitOptions = {
  /** Requests per IP per window on each API route. */
  max: number
  /** Stricter limit on POST /api/checkSign, per IP per window. */
  signInMax: number
  timeWindowMs: number
}

/**
 * The loans offered (server/modules/loans, docs/api.md "Loans"): rates per day, the terms a user may pick, and the
 * smallest and largest principal per verification level (the kyc module knows one level, 'verified'; a user at no
 * listed level gets no loan).
 */
export type LoanOptions = {
  currency: string
  dailyRate: string
  lateDailyRate: string
  termDays: number[]
  limits: { verified: { min: string; max: string } }
}

export const DEFAULT_LOANS: LoanOptions = {
  currency: 'USDT',
  dailyRate: '0.0005',
  lateDailyRate: '0.002',
  termDays: [7, 14, 30, 60, 90],
  limits: { verified: { min: '50', max: '5000' } },
}

export type AppOptions = {
  /** PostgreSQL URL; when absent the app runs on PGlite. */
  databaseUrl?: string
  /** PGlite data directory (ignored with databaseUrl); absent means in-memory, for tests. */
  pgliteDir?: string
  /** Redis URL: bus, rate-limit store. Absent means in-process. */
  redisUrl?: string
  /** The built app (vite's dist/); absent means API only. */
  staticDir?: string
  /** Pino logger: false (default) or true / a level name. */
  logger?: boolean | string
  /** Clock in epoch ms; tests replace it. */
  now?: () => number
  /** Simulator tick interval in ms; 0 turns the simulator off. */
  tickMs?: number
  /** How often a follower tries to take a leader lock (the simulator's, the engine's, the jobs'), and how often the
   * leader checks the connection holding it (PostgreSQL only; market/leader.ts). A killed leader's lock is free as
   * soon as PostgreSQL sees its connection close, so a follower leads within this (docs/operations.md). */
  leaderRetryMs?: number
  /** A socket that sends no valid message for this long is closed. */
  socketIdleMs?: number
  rateLimit?: Partial<RateLimitOptions>
  platformName?: string
  /** Minutes east of UTC that the app shows times in. */
  serverTzOffset?: number
  /** Ethereum JSON-RPC for smart-wallet (ERC-1271/6492) sign-in. */
  ethRpcUrl?: string
  /** Origins allowed to call the API cross-origin; none by default. */
  corsOrigins?: string[]
  /** The app's own origin (PUBLIC_URL's): the socket admits it and corsOrigins only. */
  publicOrigin?: string
  /**
   * A hosted support chat (SUPPORT_CHAT_CRISP_ID or SUPPORT_CHAT_TAWK_ID): its widget loads on /help/support and the
   * CSP admits its origins.
   */
  hostedChat?: { provider: HostedChatProvider; websiteId: string }
  /** Open sockets one address may hold on this process (SOCKETS_PER_ADDRESS); more are refused with 429. */
  socketsPerAddress?: number
  /** Trust X-Forwarded-* (behind a load balancer), so rate limits see the client's IP. */
  trustProxy?: boolean
  /** Sending addresses one user may add besides the sign-in wallet (SENDING_ADDRESSES_MAX). */
  sendingAddressesMax?: number
  /** Where locales/<bcp47>/server.po live. */
  localesDir?: string
  /** Largest accepted request body in bytes. */
  bodyLimit?: number
  /** Outgoing mail (modules/password/mailer.ts): SMTP, else an outbox folder, else memory only (tests). */
  mail?: MailOptions
  /** A token is refused this long after its sign-in; the app then asks for a new signature or password. */
  sessionTtlMs?: number
  /** Margin level (%, decimal string) at which the app warns: MARGIN_CALL_LEVEL, 100 by default. */
  marginCallLevel?: string
  /** Margin level (%) below which the engine closes positions, largest loss first: STOP_OUT_LEVEL, 50 by default. */
  stopOutLevel?: string
  /** How floating P/L counts in free margin (FREE_MARGIN_FLOATING): MT5's choices, 'loss_only' by default
   * (src/contract/trading-account.ts). */
  floatingInFreeMargin?: FloatingInFree
  /** A live order is refused when its symbol's last real tick is older than this (FEED_STALE_SECONDS, 30 s). */
  feedStaleMs?: number
  /** Anti-sniping of NFT auctions (modules/nfts): a bid this close to the end (NFT_EXTEND_WINDOW_SECONDS, 300 s;
   * 0 turns it off) moves the end to NFT_EXTEND_BY_SECONDS (300 s) after the bid. */
  nftExtendWindowMs?: number
  nftExtendByMs?: number
  /** The order engine's advisory lock (PostgreSQL): processes sharing it elect one engine. Tests pass their own. */
  engineLockKey?: number
  /** Where prices come from (MARKET_FEED, MARKET_FEED_URL): the simulator by default (market/feeds/select.ts). */
  marketFeed?: MarketFeedConfig
  /**
   * Starts the Redis channel names and keys (DEPLOYMENT_NAME), so deployments sharing a Redis stay apart; unset,
   * derived from the database's identity (realtime/deployment.ts).
   */
  deploymentName?: string
  /** Where uploaded pictures are stored (UPLOAD_DIR; DATA_DIR/uploads); never inside staticDir. */
  uploadDir?: string
  /** How often the chain follower (with ethRpcUrl) reads new blocks: CHAIN_POLL_MS, 4000 by default. */
  chainPollMs?: number
  /** The block a chain follower without a stored cursor starts from: CHAIN_START_BLOCK; the head by default. */
  chainStartBlock?: number
  /** The chain follower's advisory lock (PostgreSQL); tests pass their own. */
  chainLockKey?: number
  /** Rows per house account kind (HOUSE_SHARDS, 8): users on different shards never wait on one house row, and
   * their orders go in batches of their own (server/ledger/shards.ts). */
  houseShards?: number
  /**
   * Live deposit claims and orders need published terms and a risk warning that the user accepted
   * (server/modules/content/legal-gate.ts). Always on in production; server tests of other modules turn it off.
   */
  legalGate?: boolean
  /** Google and Facebook sign-in (OIDC_GOOGLE_* / OIDC_FACEBOOK_*): a provider absent here has no button. */
  oidc?: Partial<Record<OidcProvider, OidcProviderConfig>>
  /** The loans offered: DEFAULT_LOANS unless given (LOAN_* in env.ts). */
  loans?: LoanOptions
  /** Days a proof-of-liabilities snapshot keeps its leaves and nodes, then only its root (LIABILITY_PROOF_RETENTION_DAYS,
   * 90; modules/liabilities/liabilities.prune.ts). */
  liabilityProofRetentionDays?: number
}

export type ResolvedOptions = Required<Omit<AppOptions, 'deploymentName' | 'publicOrigin' | 'databaseUrl' | 'pgliteDir' | 'redisUrl' | 'staticDir' | 'ethRpcUrl' | 'rateLimit' | 'mail' | 'chainStartBlock' | 'hostedChat'>> &
  Pick<AppOptions, 'deploymentName' | 'publicOrigin' | 'databaseUrl' | 'pgliteDir' | 'redisUrl' | 'staticDir' | 'ethRpcUrl' | 'mail' | 'chainStartBlock' | 'hostedChat'> & { rateLimit: RateLimitOptions }

const DAY_MS = 24 * 60 * 60 * 1000

export const DEFAULT_LIABILITY_PROOF_RETENTION_DAYS = 90

export function resolveOptions(options: AppOptions): ResolvedOptions {
  return {
    ...options,
    logger: options.logger ?? false,
    now: options.now ?? Date.now,
    tickMs: options.tickMs ?? 1000,
    leaderRetryMs: options.leaderRetryMs ?? 500,
    socketIdleMs: options.socketIdleMs ?? 15_000,
    rateLimit: { max: 300, signInMax: 10, timeWindowMs: 60_000, ...options.rateLimit },
    platformName: options.platformName ?? 'Keelson',
    serverTzOffset: options.serverTzOffset ?? 0,
    corsOrigins: options.corsOrigins ?? [],
    socketsPerAddress: options.socketsPerAddress ?? 30,
    trustProxy: options.trustProxy ?? false,
    sendingAddressesMax: options.sendingAddressesMax ?? 10,
    localesDir: options.localesDir ?? fileURLToPath(new URL('../locales', import.meta.url)),
    bodyLimit: options.bodyLimit ?? 100 * 1024,
    sessionTtlMs: options.sessionTtlMs ?? 30 * DAY_MS,
    marginCallLevel: options.marginCallLevel ?? '100',
    stopOutLevel: options.stopOutLevel ?? '50',
    floatingInFreeMargin: options.floatingInFreeMargin ?? DEFAULT_FLOATING_IN_FREE,
    feedStaleMs: options.feedStaleMs ?? 30_000,
    nftExtendWindowMs: options.nftExtendWindowMs ?? 300_000,
    nftExtendByMs: options.nftExtendByMs ?? 300_000,
    engineLockKey: options.engineLockKey ?? 7_351_004,
    marketFeed: options.marketFeed ?? { name: 'simulator' },
    chainPollMs: options.chainPollMs ?? 4000,
    chainLockKey: options.chainLockKey ?? 7_351_005,
    houseShards: options.houseShards ?? DEFAULT_HOUSE_SHARDS,
    legalGate: options.legalGate ?? true,
    uploadDir: options.uploadDir ?? resolve('data', 'uploads'),
    oidc: options.oidc ?? {},
    loans: options.loans ?? DEFAULT_LOANS,
    liabilityProofRetentionDays: options.liabilityProofRetentionDays ?? DEFAULT_LIABILITY_PROOF_RETENTION_DAYS,
  }
}
