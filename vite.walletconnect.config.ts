import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './vite.config.ts'

const BASE = '/walletconnect/'

/** Names the content-hashed entry for the app (src/wallet/walletconnect-loader.ts reads it, never from a cache). */
function entryList(): Plugin {
  return {
    name: 'keelson:walletconnect-entry',
    apply: 'build',
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry)
      if (!entry) throw new Error('walletconnect: no entry chunk')
      this.emitFile({ type: 'asset', fileName: 'entry.json', source: JSON.stringify({ entry: `${BASE}${entry.fileName}` }) })
    },
  }
}

// The WalletConnect relay client, built apart from the app (src/wallet/walletconnect-bundle.ts), with AppKit's
// catalogue (and its wagmi adapter) as lazy chunks of it: none of it ever shares a chunk with the first visit. Every file is content-hashed (the service worker keeps them cache-first safely: a
// new build has new names) and pre-compressed like the app's own files.
export default defineConfig({
  publicDir: false,
  base: BASE,
  plugins: [entryList(), precompress()],
  resolve: {
    // AppKit's wagmi adapter reaches for SDK connectors the app switches off: none of them is built in.
    alias: { '@wagmi/connectors': fileURLToPath(new URL('./src/wallet/walletconnect-sdk-connectors.ts', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    outDir: 'dist/walletconnect',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'src/wallet/walletconnect-bundle.ts',
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'wc-[hash].js',
        chunkFileNames: 'wc-[hash].js',
        // The relay client (what a reload with a session or a pick from the app's own list needs) stays one file,
        // though AppKit's catalogue (a lazy chunk, src/wallet/walletconnect-appkit.ts) shares it: no waterfall of
        // small shared chunks before a wallet app opens.
        codeSplitting: { groups: [{ name: 'relay', tags: ['$initial'], priority: 10 }] },
      },
    },
  },
})
