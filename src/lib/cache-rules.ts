// What the service worker (sw/runtime.ts) may keep, shared with the app so both sides name the same things. No
// imports: the service worker bundles this file too.

/** Every runtime cache's name starts with this; sign-out and account change delete them all. */
export const RUNTIME_CACHE_PREFIX = 'keelson-runtime'

/**
 * Public reads that may be shown offline: language list, public settings, and the market's catalogue and home
 * figures (offline, home keeps its featured few and the market list its instruments, each with the last price kept
 * and its time). Stale-while-revalidate: a visit shows the kept answer and refreshes it for the next.
 */
export const PUBLIC_API_PATHS = ['/api/getProdList', '/api/getIndexDataV2', '/api/queryLanguageList', '/api/getConfigValue']

/**
 * Public reads whose news matters on this visit, not the next: the site-wide notice (markets closing early, an
 * outage). Network-first; the kept answer only when the network fails (offline). Stale-while-revalidate showed the
 * notice one visit late, and a cleared one once more.
 */
export const NEWEST_API_PATHS = ['/api/getNotice']

/**
 * Content operators write, read signed in or not and kept for reading offline: news and articles, help answers,
 * documents, partners. One rule covers them all (sw/runtime.ts): stale-while-revalidate, kept per address and per
 * Language header (one reader's language never answers another's), bounded in number and age. A new content read
 * is added here.
 */
export const CONTENT_API_PATHS = [
  '/api/getAllInformation',
  '/api/getArticles',
  '/api/getText',
  '/api/getDocuments',
  '/api/getDocument',
  '/api/getPartners',
]
export const CONTENT_MAX_ENTRIES = 200
export const CONTENT_MAX_AGE_S = 30 * 24 * 3600

/**
 * Pictures content shows (an article's cover and body pictures, /api/contentImage/<id>): kept once seen, so an
 * article read online shows them offline; at most CONTENT_IMAGE_MAX_ENTRIES (the least recently used go first),
 * none older than CONTENT_MAX_AGE_S.
 */
export const CONTENT_IMAGE_MAX_ENTRIES = 60

/**
 * Settings that move money (where deposits go, fees): fetched network-first and never shown from a copy older than
 * MONEY_CONFIG_MAX_AGE_S, in the service worker and in the app's query cache alike. A new money setting is added here.
 */
export const MONEY_CONFIG_KEYS: readonly string[] = ['defaultWalletAddress']
export const MONEY_CONFIG_MAX_AGE_S = 60

/** The server may mark any other answer as money-relevant with this response header. */
export const MONEY_HEADER = 'x-keelson-money'
