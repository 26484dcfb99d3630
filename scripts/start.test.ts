// npm start rebuilds when anything the build reads changed since the last build, and only then.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { needsBuild } from './start.ts'

const OUTPUTS = ['dist/index.html', 'dist/walletconnect/entry.json', 'dist/ops.html']
let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

function write(path: string, when: number) {
  const file = join(root, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, 'x')
  utimesSync(file, when / 1000, when / 1000)
}

/** A folder built at t = 2 000 s from inputs last changed at t = 1 000 s. */
function builtProject() {
  root = mkdtempSync(join(tmpdir(), 'keelson-start-'))
  for (const input of ['src/main.tsx', 'ops.html', 'vite.ops.config.ts', 'lingui.config.ts', 'tsconfig.json']) write(input, 1_000_000)
  for (const output of OUTPUTS) write(output, 2_000_000)
}

describe('npm start rebuilds', () => {
  it('not when the build is newer than every input', () => {
    builtProject()
    expect(needsBuild(root)).toBe(false)
  })

  it.each(['ops.html', 'vite.ops.config.ts', 'lingui.config.ts', 'tsconfig.json', 'src/main.tsx', 'locales/de-DE/messages.po', 'sw/sw.ts', 'public/icons/icon.png', 'index.html', 'vite.walletconnect.config.ts'])(
    'after a change to %s',
    (input) => {
      builtProject()
      write(input, 3_000_000)
      expect(needsBuild(root)).toBe(true)
    },
  )

  it.each(OUTPUTS)('when %s is missing (a bundle never built or its build failed)', (output) => {
    builtProject()
    rmSync(join(root, output))
    expect(needsBuild(root)).toBe(true)
  })
})
