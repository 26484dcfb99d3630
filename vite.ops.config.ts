// The operator console (ops.html, src/ops/) built apart from the user app: its own chunk graph in dist/ops/, so no
// chunk of the user app can hold console code and the app's chunking is untouched. The server answers /ops and
// /ops/* with dist/ops.html (server/plugins/static.ts); the user app's service worker leaves /ops alone.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { precompress } from './vite.config.ts'

export default defineConfig({
  publicDir: false,
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui(), precompress()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    // The user app's build has just written dist/: keep it.
    emptyOutDir: false,
    assetsDir: 'ops/assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'ops.html' },
  },
})
