// Serves the built app on the API's origin. Hashed assets are immutable; index.html, sw.js and the manifest are
// revalidated on every load so a new version is picked up. Unknown GET paths outside /api and /ws get index.html
// (client-side routes); everything else unknown is a 404 envelope.
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { sendEnvelope } from './errors.ts'

// Vite's output names: assets/name-<8+ char hash>.ext, and workbox-<hash>.js from the PWA plugin.
const HASHED = /(^|[/\\])assets[/\\]|-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

function cacheControl(path: string): string {
  const name = basename(path)
  if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) return 'no-cache'
  return HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'
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
      setHeaders: (reply, path) => void reply.header('cache-control', cacheControl(path)),
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const method = request.method
    if (serveApp && (method === 'GET' || method === 'HEAD') && isAppRoute(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return sendEnvelope(reply, app.translate, 404, 'notFound')
  })
}
