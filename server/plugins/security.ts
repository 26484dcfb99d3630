// Headers every answer carries: a CSP that lets the app (and WalletConnect/Reown) work, closed CORS unless
// configured, the request id echoed for support, and no caching of anything under /api.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

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

export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:', ...REOWN],
        'frame-src': [
          'https://verify.walletconnect.com',
          'https://verify.walletconnect.org',
          'https://secure.walletconnect.org',
          'https://secure.reown.com',
        ],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // The embedded default runs on http://localhost, where upgrading would break every request.
        'upgrade-insecure-requests': null,
      },
    },
    // Wallet SDKs (Coinbase, WalletConnect) open popups that must be able to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })
  await app.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Language', 'invitecode', 'RequestUrl', 'Idempotency-Key'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store')
  })
}
