// Hardhat 3 and its zod helpers expect zod 3, but npm hoists the app's zod 4 where the helpers look for their peer
// dependency; mixing the two breaks Hardhat's config validation. This hook sends the helpers' `zod` to Hardhat's
// own copy. Used only to start the local test chain (tests/chain/node.ts).
import { registerHooks } from 'node:module'

const hardhatZod = import.meta.resolve('hardhat/package.json').replace(/package\.json$/, 'node_modules/zod/index.js')

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'zod' && context.parentURL?.includes('/@nomicfoundation/hardhat-zod-utils/')) {
      return next(hardhatZod, context)
    }
    return next(specifier, context)
  },
})
