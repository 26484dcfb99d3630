// Serves the built app on the API's origin. Hashed assets are immutable; index.html, sw.js and the manifest are
// revalidated on every load so a new version is picked up. The build writes a brotli (.br) and a gzip (.gz) copy
// beside each text file (vite.config.ts, precompress): the copy the browser accepts is sent as is, with
// Content-Encoding and Vary: Accept-Encoding; no compression work at request time. Unknown GET paths outside /api
// and /ws get index.html (client-side routes), or ops.html under /ops (the operator console, its own bundle);
// everything else unknown is a 404 envelope.
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendEnvelope } from './errors.ts'

// Vite's output names: assets/name-<8+ char hash>.ext, and workbox-<hash>.js from the PWA plugin.
const HASHED = /(^|[/\\])assets[/\\]|-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/
const COMPRESSED_COPY = /\.(br|gz)$/

/**
 * Headers that only mean something on a document (or a worker, which runs under its own CSP): a hashed script,
 * style or image never becomes one, so they are dropped there. Kept: nosniff, Cross-Origin-Resource-Policy and
 * HSTS, which do protect a subresource.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

function setFileHeaders(reply: FastifyReply, servedPath: string) {
  const path = servedPath.replace(COMPRESSED_COPY, '')
  const name = basename(path)
  const revalidate = name === 'index.html' || name === 'ops.html' || name === 'sw.js' || name.endsWith('.webmanifest') || !HASHED.test(path)
  reply.header('cache-control', revalidate ? 'no-cache' : 'public, max-age=31536000, immutable')
  if (!revalidate) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header)
}

/** A client-side route: not the API or socket, and not a file (a missing asset must 404, not become HTML). */
function isAppRoute(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return !/^\/(api|ws)(\/|$)/.test(path) && !/\.[A-Za-z0-9]+$/.test(path)
}

export async function registerStatic(app: FastifyInstance, staticDir: string | undefined) {
  const serveApp = Boolean(staticDir && existsSync(staticDir))
  if (staticDir && serveApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      preCompressed: true,
      setHeaders: setFileHeaders,
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const method = request.method
    if (serveApp && (method === 'GET' || method === 'HEAD') && isAppRoute(request.url)) {
      const page = /^\/ops(\/|\?|$)/.test(request.url) ? 'ops.html' : 'index.html'
      return reply.header('cache-control', 'no-cache').sendFile(page)
    }
    return sendEnvelope(reply, app.translate, 404, 'notFound')
  })
}
