import { defineConfig } from 'vite'

// The WalletConnect (AppKit) bundle, built apart from the app: see src/wallet/walletconnect-bundle.ts.
export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist/walletconnect',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    lib: { entry: 'src/wallet/walletconnect-bundle.ts', formats: ['es'], fileName: () => 'appkit.js' },
  },
})
