// Headers every answer carries: a CSP that lets the app (and WalletConnect/Reown) work, closed CORS unless
// configured, the request id echoed for support, and no caching of anything under /api.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createRequire } from 'node:module'
import type { Duplex } from 'node:stream'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { CONTENT_IMAGE_PREFIX } from '#contract/content-image.ts'
import type { HostedChatProvider } from '#contract/support.ts'
import type { Translate } from './i18n.ts'

const REOWN = [
  'https://*.walletconnect.com',
  'wss://*.walletconnect.com',
  'https://*.walletconnect.org',
  'wss://*.walletconnect.org',
  'https://*.reown.com',
  'wss://*.reown.com',
  'https://*.web3modal.org',
]

// A caller-supplied id is kept only if it is harmless in logs and headers.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

export function genReqId(request: IncomingMessage): string {
  const header = request.headers['x-request-id']
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID()
}

type Directives = Record<string, string[]>

/**
 * What a hosted support chat's widget needs, by directive, added only when one is configured (SUPPORT_CHAT_CRISP_ID,
 * SUPPORT_CHAT_TAWK_ID): otherwise no page of the app may load anything of it, and one provider's configuration
 * opens nothing for the other. Crisp's list: its documentation's "Crisp domain names". Tawk.to's: its help center's
 * CSP article, less https://cdn.jsdelivr.net in script-src (a public CDN serving any package's script; its pictures
 * still load under img-src https:).
 */
const HOSTED_CHAT_SOURCES: Record<HostedChatProvider, Directives> = {
  crisp: {
    'script-src': ['https://client.crisp.chat'],
    'style-src': ['https://client.crisp.chat'],
    'font-src': ['https://client.crisp.chat'],
    'media-src': ['https://client.crisp.chat'],
    'connect-src': ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat'],
    'frame-src': ['https://game.crisp.chat'],
    'worker-src': ['blob:', 'https://client.crisp.chat'],
  },
  tawk: {
    'script-src': ['https://embed.tawk.to', 'https://*.tawk.to'],
    'style-src': ['https://embed.tawk.to', 'https://*.tawk.to', 'https://fonts.googleapis.com'],
    'font-src': ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    'media-src': ['https://*.tawk.to'],
    'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
    'frame-src': ['https://*.tawk.to'],
    'form-action': ['https://*.tawk.to'],
  },
}

/** The helmet configuration: a CSP that lets the app (and WalletConnect/Reown, and a configured hosted chat) work. */
function helmetOptions(hostedChat: HostedChatProvider | undefined) {
  const directives: Directives = {
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...REOWN],
    // blob:: the loan agreement PDF, fetched with the user's or operator's token and shown in a frame from a blob URL
    // the page made itself (src/features/loan, src/ops/pages/loans); only script of this origin can make one.
    'frame-src': ['https://verify.walletconnect.com', 'https://verify.walletconnect.org', 'https://secure.walletconnect.org', 'https://secure.reown.com', 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  }
  if (hostedChat) {
    for (const [name, sources] of Object.entries(HOSTED_CHAT_SOURCES[hostedChat])) directives[name] = [...(directives[name] ?? ["'self'"]), ...sources]
  }
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      // The embedded default runs on http://localhost, where upgrading would break every request.
      directives: { ...directives, 'upgrade-insecure-requests': null },
    },
    // Wallet SDKs (Coinbase, WalletConnect) open popups that must be able to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  }
}

type Middleware = (req: unknown, res: { setHeader: (k: string, v: string) => void; removeHeader: (k: string) => void }, next: () => void) => void

/**
 * The headers helmet sets, computed once. @fastify/helmet would run helmet's middleware (and re-parse the CSP) on
 * every request, a twentieth of the hot read path's time; the headers never change, so every answer gets this one
 * set instead: from an onRequest hook, and directly on the answers that leave before any hook runs (a malformed
 * URL, a request whose headers are too large). helmet is the one @fastify/helmet depends on.
 */
function computeHelmetHeaders(hostedChat: HostedChatProvider | undefined): Record<string, string> {
  const helmet = createRequire(import.meta.resolve('@fastify/helmet'))('helmet') as (options: object) => Middleware
  const headers: Record<string, string> = {}
  const res = { setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v), removeHeader: (k: string) => void delete headers[k.toLowerCase()] }
  helmet(helmetOptions(hostedChat))({}, res, () => {})
  return headers
}

const helmetHeaders = new Map<string, Record<string, string>>()

/** Computed once per configuration (a process runs one; tests build apps with and without a hosted chat). */
function securityHeaders(hostedChat?: HostedChatProvider): Record<string, string> {
  const key = hostedChat ?? 'none'
  let headers = helmetHeaders.get(key)
  if (!headers) helmetHeaders.set(key, (headers = computeHelmetHeaders(hostedChat)))
  return headers
}

/**
 * Security headers and no-store, for an answer sent outside the hooks (no route matched, nothing parsed yet): an
 * error envelope, never a page, so the base CSP (without a hosted chat's origins) is the right one.
 */
export function rawAnswerHeaders(requestId: string): Record<string, string> {
  return { ...securityHeaders(), 'cache-control': 'no-store', 'x-request-id': requestId }
}

/**
 * Node answers a request it could not parse (headers too large, a broken request line) on the raw socket, before
 * Fastify sees it. This answers in the envelope instead, with the headers of every other answer.
 */
export function answerClientError(translate: Translate, error: NodeJS.ErrnoException, socket: Duplex): number | null {
  if (error.code === 'ECONNRESET' || socket.destroyed) return null
  const [code, key, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'tooLarge', 'Request Header Fields Too Large'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'internal', 'Request Timeout'] as const)
        : ([400, 'invalidInput', 'Bad Request'] as const)
  const body = JSON.stringify({ code, msg: translate(undefined, key, { field: 'request' }), data: null })
  const headers = { ...rawAnswerHeaders(randomUUID()), 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' }
  if (!socket.writable) {
    socket.destroy(error)
    return null
  }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  // Destroyed once written: the connection cannot carry another request after one Node could not parse.
  socket.end(`HTTP/1.1 ${code} ${reason}\r\n${head}\r\n${body}`, () => socket.destroy())
  return code
}

export async function registerSecurity(app: FastifyInstance, corsOrigins: string[], hostedChat?: HostedChatProvider) {
  const headers = securityHeaders(hostedChat)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  await app.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Language', 'invitecode', 'RequestUrl', 'Idempotency-Key'],
    exposedHeaders: ['x-request-id', 'idempotent-replayed'],
    maxAge: 600,
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // A published content picture (GET /api/contentImage/<id>, modules/news), or its 304, is the one /api answer a
    // browser may keep: it is public, the same in every language, and an id's picture never changes.
    // Anything else there (a draft's or an unpublished article's picture: 404) is private and no-store, so no
    // browser or shared cache keeps it; the service worker drops its copy on that answer (sw/runtime.ts).
    const picture = request.url.startsWith(CONTENT_IMAGE_PREFIX)
    if ((reply.statusCode === 200 || reply.statusCode === 304) && picture) return
    if (request.url.startsWith('/api/') || request.url === '/api') {
      reply.header('cache-control', picture ? 'private, no-store' : 'no-store')
      // msg (and some data) follow the Language header: a cache that keeps a public answer (the service worker's)
      // must keep one per language, or a language switch would show the old language's copy.
      const vary = reply.getHeader('vary')
      reply.header('vary', vary ? `${String(vary)}, Language` : 'Language')
    }
  })
}
