// The console's session: the operator's token, who they are and until when, in sessionStorage (this tab only; closing
// it signs the console out on a shared machine). Never the user app's session (src/lib/session.ts).
import { useSyncExternalStore } from 'react'
import { mayCall, type Operator, type OperatorRole, type OpsSession } from '#contract/ops.ts'

const KEY = 'keelson.ops.session'
const listeners = new Set<() => void>()

function read(): OpsSession | null {
  try {
    const raw = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null') as OpsSession | null
    return raw && typeof raw.token === 'string' && raw.expiresAt > Date.now() ? raw : null
  } catch {
    return null
  }
}

let current = read()

function write(next: OpsSession | null) {
  current = next
  try {
    if (next) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(next))
    else globalThis.sessionStorage?.removeItem(KEY)
  } catch {
    // Storage refused: the session lives in memory for this page.
  }
  for (const listener of listeners) listener()
}

export const getOpsSession = () => current
export const startOpsSession = (session: OpsSession) => write(session)
export const endOpsSession = () => write(null)

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export const useOpsSession = () => useSyncExternalStore(subscribe, getOpsSession, getOpsSession)

/** The signed-in operator; only inside the shell, which renders for a signed-in operator alone. */
export function useOperator(): Operator {
  const session = useOpsSession()
  if (!session) throw new Error('useOperator outside the signed-in console')
  return session.operator
}

/** May this operator use something open to `roles` (a page, a button)? The server checks every call anyway. */
export const operatorMay = (operator: Operator, roles: readonly OperatorRole[]) => mayCall(operator.roles, roles)
