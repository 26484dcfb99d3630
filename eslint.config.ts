import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

// Import boundaries (docs/conventions.md, "Layout"): contract -> lib, components, state, wallet -> features -> routes and app.
// Said with no-restricted-imports regexes on the import text, per folder and depth, because ESLint applies only the
// last matching block's options for a rule: every file below matches exactly one boundary block.
const subfolders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const SOURCE = '{ts,tsx}'
/** Nesting levels a feature or module may have below its own folder (components/, components/x/ ...). */
const DEPTHS = [0, 1, 2, 3]
const up = (n: number) => `(\\.\\./){${n}}`
const filesAt = (root: string, depth: number) => [`${root}/${'*/'.repeat(depth)}*.${SOURCE}`]

type Pattern = { regex: string; message: string }
const boundary = (files: string[], patterns: Pattern[], ignores: string[] = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] as ['error', { patterns: Pattern[] }] },
})

const SERVER_ONLY_CONTRACT: Pattern = {
  regex: '^(\\.\\./)+src/(?!contract/)',
  message: 'The server imports nothing from src/ but the contract (#contract/*).',
}

const features = subfolders('src/features').flatMap((feature) =>
  DEPTHS.map((depth) =>
    boundary(filesAt(`src/features/${feature}`, depth), [
      {
        regex: `^${up(depth + 1)}(?!${feature}/)[^./]`,
        message: 'Features do not import each other: compose them in the route (pass a component as a prop).',
      },
      {
        regex: `^${up(depth + 2)}(app|routes|features|routeTree)`,
        message: 'Features import only contract, lib, components, state and wallet; the app and routes import features.',
      },
    ]),
  ),
)

// Table files may name another module's table: a foreign key is part of the schema, not access to the data.
const TABLES = 'server/modules/**/*.table.ts'
const serverModules = subfolders('server/modules').flatMap((module) =>
  DEPTHS.map((depth) =>
    boundary(filesAt(`server/modules/${module}`, depth), [
      SERVER_ONLY_CONTRACT,
      {
        regex: `^(${up(depth + 1)}|${up(depth + 2)}modules/|#server/modules/)(?!${module}/)[^./][^/]*/.*\\.table(\\.ts)?$`,
        message: "A module owns its tables: call the other module's service or repository, never its table.",
      },
    ], [TABLES]),
  ),
)

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/routeTree.gen.ts', 'locales', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='request'] Property[key.name='method'][value.value=/^(eth_sign|eth_signTypedData.*|eth_sendTransaction|eth_sendRawTransaction|wallet_sendCalls)$/]",
          message: 'The wallet is for identity only (docs/architecture.md, principle 2).',
        },
      ],
    },
  },
  boundary(
    [`src/contract/**/*.${SOURCE}`],
    // decimal.js for the trading maths both the ticket and the server run (trading-math.ts); the app bundles it already.
    [{ regex: '^(?!(zod|zod/.*|decimal\\.js|\\./.*|#contract/.*)$)', message: 'The contract imports nothing but zod and decimal.js (and itself).' }],
    // Tests beside the contract need their runner and property-test library; nothing ships them.
    [`src/contract/**/*.test.${SOURCE}`],
  ),
  boundary(
    ['lib', 'components', 'state', 'wallet'].map((dir) => `src/${dir}/**/*.${SOURCE}`),
    [
      {
        regex: '^(\\.\\./)+(features|routes|app)/|routeTree\\.gen',
        message: 'lib, components, state and wallet sit below features, routes and app: they never import them.',
      },
    ],
  ),
  ...features,
  boundary([`server/**/*.ts`], [SERVER_ONLY_CONTRACT], ['server/modules/**']),
  ...serverModules,
  boundary([TABLES], [SERVER_ONLY_CONTRACT]),
)
