// What start-up costs in time and memory, and what server/main.ts does about it (docs/operations.md,
// "Start-up"; measured with npm run bench:start).
//
// 1. drizzle-orm's package.json is 179 KB (an export entry for every file). Node 24's loader reads the package
//    scope of every module it resolves, and for drizzle's ~110 files it parsed that file again each time: 300 ms of
//    a 1.2 s start and 160 MB of short-lived objects. `shortenDrizzleResolution` answers those resolutions itself:
//    a relative `.js` import inside drizzle-orm is that file, an ES module (its package says "type": "module"); a
//    bare `drizzle-orm…` import from our own files resolves once per name and condition set, then from a map. Everything else goes to
//    Node's resolver unchanged.
// 2. Module compilation: main.ts turns on Node's compile cache, which is written to disk at exit; `settleAfterStart`
//    writes it once the server has settled too, so a server that is killed still leaves it for the next start.
// 3. Start-up (migrations, the catalogs, the engine's first read) leaves the heap grown: V8 keeps the pages it
//    took, so an idle server held twice the memory it uses. `settleAfterStart` runs one full collection, which
//    hands those pages back.
import { flushCompileCache, registerHooks, type ResolveFnOutput } from 'node:module'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

const DRIZZLE = '/node_modules/drizzle-orm/'

export function shortenDrizzleResolution(): void {
  const resolved = new Map<string, ResolveFnOutput>()
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL
      if (parent?.includes(DRIZZLE) && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true }
      }
      const fromOurs = parent !== undefined && !parent.includes('/node_modules/')
      if (fromOurs && (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))) {
        const key = `${specifier}\0${context.conditions?.join() ?? ''}`
        let hit = resolved.get(key)
        if (!hit) resolved.set(key, (hit = nextResolve(specifier, context)))
        return { ...hit, shortCircuit: true }
      }
      return nextResolve(specifier, context)
    },
  })
}

/** Once, this long after the server listens: the leader's first work (engine, candles) is done by then. */
export const SETTLE_MS = 10_000

export function settleAfterStart(): void {
  flushCompileCache()
  // gc is not exposed without --expose-gc on the command line; this exposes it for a new context only.
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync' }) => void
  setFlagsFromString('--no-expose-gc')
  gc({ type: 'major', execution: 'sync' })
}
