// The browser's copy of the contract (src/contract/*.ts) carries no schemas it never runs. The app's api() reads an
// endpoint's method, path and auth only: its query, body and data schemas are the server's (server/route.ts) and
// types for the app. Built for the browser, every endpoint table loses those three fields, and every module-level
// schema is marked side-effect free, so a schema nothing in the app runs is dropped from the bundle, and zod with it
// where a screen parses nothing (bench/size.ts: zod was 8.6 KB of the first visit). App code that does parse (a form,
// a URL parameter) imports its schema by name and keeps it. The app must not read an endpoint's schemas at run time.
import MagicString from 'magic-string'
import { parseAst, type Plugin } from 'vite'

type Node = { type: string; start: number; end: number; [key: string]: unknown }

const CONTRACT_MODULE = /[\\/]src[\\/]contract[\\/](?![^\\/]*\.test\.)[^\\/]+\.ts$/
/** Endpoint fields only the server and the type checker read. */
const SCHEMA_FIELDS = new Set(['query', 'body', 'data'])
const PURE = '/* @__PURE__ */ '

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function walk(node: Node, visit: (node: Node) => void) {
  visit(node)
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit)
    if (isNode(value)) walk(value, visit)
  }
}

const keyName = (property: Node) => {
  const key = property.key as Node | undefined
  return key?.type === 'Identifier' ? (key.name as string) : key?.type === 'Literal' ? String(key.value) : undefined
}

/** An object literal with a literal method GET/POST and a literal path: an endpoint description. */
function isEndpoint(object: Node): boolean {
  const properties = object.properties as Node[]
  const literal = (name: string) => {
    const value = properties.find((p) => p.type === 'Property' && keyName(p) === name)?.value as Node | undefined
    return value?.type === 'Literal' ? value.value : undefined
  }
  const method = literal('method')
  return (method === 'GET' || method === 'POST') && typeof literal('path') === 'string'
}

/** The transform itself, for a contract module already stripped of TypeScript. */
export function stripContract(code: string): MagicString | null {
  const program = parseAst(code) as unknown as Node
  const s = new MagicString(code)
  const calls = (node: Node) => {
    let found = false
    walk(node, (n) => void (found ||= n.type === 'CallExpression' || n.type === 'NewExpression'))
    return found
  }
  walk(program, (node) => {
    if (node.type === 'ObjectExpression' && isEndpoint(node)) {
      const properties = node.properties as Node[]
      properties.forEach((property, i) => {
        if (property.type !== 'Property' || !SCHEMA_FIELDS.has(keyName(property) ?? '')) return
        // With the comma after it; a last field leaves a trailing comma, which is valid.
        s.remove(property.start, properties[i + 1]?.start ?? property.end)
      })
    }
  })
  // A module-level value made by a call (a schema, pageOf(...), a lookup table) is made inside a function call marked
  // pure: unused, it goes with everything its definition reads (a pure mark on the call alone would leave arguments
  // such as LANGUAGES.map(...) behind). A contract module's declarations have no side effects to keep.
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement
    if (declaration?.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null
      if (!init || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression' || !calls(init)) continue
      s.appendLeft(init.start, `${PURE}(() => (`)
      s.prependRight(init.end, '))()')
    }
  }
  return s.hasChanged() ? s : null
}

export function clientContract(): Plugin {
  return {
    name: 'keelson:client-contract',
    apply: 'build',
    // After TypeScript is stripped: the parser reads JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        const out = stripContract(code)
        return out === null ? null : { code: out.toString(), map: out.generateMap({ hires: true, source: id }) }
      },
    },
  }
}
