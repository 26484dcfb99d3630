// The import boundaries of eslint.config.ts, checked on imports written the wrong way and the right way, so a
// change to the config that silently stops enforcing them fails here.
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const eslint = new ESLint()
async function restricted(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length
}

// The first lint loads the config and its plugins: longer than Vitest's 5 s default on a busy 2-core machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('features import neither each other nor app/ or routes', async () => {
    expect(await restricted('src/features/home/components/x.tsx', "import { a } from '../../markets/api.ts'; a()")).toBe(1)
    expect(await restricted('src/features/home/x.ts', "import { a } from '../markets/api.ts'; a()")).toBe(1)
    expect(await restricted('src/features/home/components/x.tsx', "import { a } from '../../../app/realtime.tsx'; a()")).toBe(1)
    const allowed = "import { a } from '../api.ts'; import { b } from '../../../lib/api.ts'; import { c } from '../../../state/ui.ts'; a(); b(); c()"
    expect(await restricted('src/features/home/components/x.tsx', allowed)).toBe(0)
  })

  it('the contract imports only zod; lib, components, state and wallet never reach up', async () => {
    expect(await restricted('src/contract/x.ts', "import * as z from 'zod/mini'; import { a } from './endpoint.ts'; z; a")).toBe(0)
    expect(await restricted('src/contract/x.ts', "import { a } from '../lib/api.ts'; a")).toBe(1)
    expect(await restricted('src/lib/x.ts', "import { a } from '../features/markets/api.ts'; a")).toBe(1)
    expect(await restricted('src/wallet/components/x.tsx', "import { a } from '../../app/realtime.tsx'; a")).toBe(1)
  })

  it("the server takes only the contract from src/, and a module never another module's table", async () => {
    expect(await restricted('server/plugins/x.ts', "import { a } from '../../src/lib/api.ts'; a")).toBe(1)
    expect(await restricted('server/plugins/x.ts', "import { a } from '#contract/auth.ts'; a")).toBe(0)
    expect(await restricted('server/modules/invite/x.ts', "import { a } from '../auth/auth.table.ts'; a")).toBe(1)
    expect(await restricted('server/modules/invite/x.ts', "import { a } from './invite.table.ts'; import { b } from '../auth/users.repository.ts'; a; b")).toBe(0)
  })
})
