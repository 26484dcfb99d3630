// The console and the user app meet only in the shared layers: nothing of the user app imports the console or its
// contract (so no chunk of the app can carry it; tests/e2e/ops.spec.ts checks the built chunks too), and the console
// takes nothing from the app's features, routes or router.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..')
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  )
const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!)
const isConsoleFile = (path: string) => path.startsWith('ops/') || /^contract\/ops[-.]/.test(path)

describe('the console bundle boundary', () => {
  const all = files(SRC).map((file) => ({ path: relative(SRC, file).replaceAll('\\', '/'), imports: imports(file) }))

  it('finds the files it checks', () => {
    expect(all.filter((f) => isConsoleFile(f.path)).length).toBeGreaterThan(10)
    expect(all.filter((f) => !isConsoleFile(f.path)).length).toBeGreaterThan(100)
  })

  it('no file of the user app imports the console or its contract', () => {
    const leaks = all
      .filter((f) => !isConsoleFile(f.path))
      .flatMap((f) => f.imports.filter((spec) => /(^|\/)ops\/|contract\/ops[-.]|^#contract\/ops[-.]/.test(spec)).map((spec) => `${f.path} -> ${spec}`))
    expect(leaks).toEqual([])
  })

  it('the console takes nothing from the app’s features, routes or router', () => {
    const reaches = all
      .filter((f) => f.path.startsWith('ops/'))
      .flatMap((f) => f.imports.filter((spec) => /(^|\/)(features|routes)\/|routeTree\.gen|app\/(router|providers)/.test(spec)).map((spec) => `${f.path} -> ${spec}`))
    expect(reaches).toEqual([])
  })
})
