// The few parts of oidc-provider (shipped without types) that the tests' local provider (oidc-provider.ts) uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> }
  type Interaction = { uid: string; params: Record<string, string>; prompt: { name: string } }
  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    Grant: new (init: { accountId: string; clientId: string }) => Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
  }
  export type { Account }
}
