import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { VitePWA } from 'vite-plugin-pwa'
import { clientContract } from './scripts/vite-client-contract.ts'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

/**
 * Libraries every screen runs on; loaded together, once. Only top-level packages: a copy nested in another
 * package's node_modules (wagmi's use-sync-external-store) stays with that package, off the first visit.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|valtio|proxy-compare|use-sync-external-store)[\\/](?!.*node_modules)/

/** App code most screens share (the sanitiser stays with the notice that needs it). */
const SHARED = /src[\\/](components|lib|state)[\\/](?!sanitize\.)[^\\/]*$|src[\\/]components[\\/]ui[\\/]/

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
/** Below this a compressed copy saves less than the headers that announce it. */
const COMPRESS_MIN_BYTES = 1024

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every text file of the build, once,
 * so the server (server/plugins/static.ts) sends them without compressing per request. Runs last, after the PWA
 * plugin has written sw.js.
 */
export function precompress(): Plugin {
  let outDir = ''
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  return {
    name: 'keelson:precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue
          const body = readFileSync(file)
          if (body.length < COMPRESS_MIN_BYTES) continue
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }))
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
        }
      },
    },
  }
}

/**
 * vite-plugin-pwa builds sw/sw.ts into one file with rolldown's deprecated `inlineDynamicImports`, which prints a
 * warning nobody here can act on; `codeSplitting: false` is the same build under its current name.
 */
function serviceWorkerOneFile(): Plugin {
  return {
    name: 'keelson:sw-one-file',
    outputOptions(options) {
      if (!options.inlineDynamicImports) return null
      const { inlineDynamicImports: _, ...rest } = options
      return { ...rest, codeSplitting: false }
    },
  }
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      generatedRouteTree: 'src/routeTree.gen.ts',
      // One lazy chunk per route (its component with its error and not-found parts), not one per part.
      codeSplittingOptions: {
        defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
        // The layout almost every screen sits in, and the home page (the first screen of most visits), come with the
        // entry: lazily they were two more round trips between the catalog and the first paint (Lighthouse's LCP).
        splitBehavior: ({ routeId }) => (routeId === '/_app' || routeId === '/_app/' ? [] : undefined),
      },
    }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    clientContract(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell, route chunks and locale catalogs; the wallet-connect chunks are cached on first use instead.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['walletconnect/**', 'ops/**', 'ops.html'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        buildPlugins: { vite: [serviceWorkerOneFile()] },
      },
      manifest: {
        name: 'Keelson',
        short_name: 'Keelson',
        description: 'Trade and invest; sign in with your Ethereum wallet.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0a0f1a',
        theme_color: '#0a0f1a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  // The app's version, shown on the self-check page (/test).
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    alias: [
      // The shim's fallbacks are for React 17 (app/use-sync-external-store.ts).
      { find: /^use-sync-external-store\/shim$/, replacement: resolve(import.meta.dirname, 'src/app/use-sync-external-store.ts') },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Every browser the app supports knows <link rel=modulepreload>; the polyfill was 0.6 KB on every first visit.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      onLog(level, log, handler) {
        // ox (under viem) imports node:worker_threads only on Node (ox/tempo's worker pool; browsers get Web Workers):
        // Vite's note that it left it out of the browser build is not something to act on.
        if (log.plugin === 'rolldown:vite-resolve' && log.message.includes('"node:worker_threads"')) return
        handler(level, log)
      },
      output: {
        // A first visit fetched 42 scripts, most under 1 KB: rolldown's shared chunks, one per set of importers.
        // Merged instead: the libraries every screen runs on, and the code the first screen starts with.
        codeSplitting: {
          groups: [
            // Only what the first screen runs: a library module only lazy screens use (mutations, infinite lists)
            // comes with them.
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 20 },
            // zod is reachable from the first screen's contract modules, but only forms and parsers run it
            // (scripts/vite-client-contract.ts): its own chunk, fetched with the first screen that parses.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 15 },
            { name: 'app', tags: ['$initial'], priority: 10 },
            // The kit and the small helpers screens share: one chunk instead of one per combination of screens.
            { name: 'shared', test: SHARED, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/ws': { target: API_TARGET.replace(/^http/, 'ws'), ws: true },
    },
  },
})
