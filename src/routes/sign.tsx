import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { SignPanel } from '../wallet/components/sign-panel.tsx'
import { ui } from '../state/ui.ts'

export const Route = createFileRoute('/sign')({
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  component: SignPage,
})

/** Mobile sign-in page; the chain guard moves on once a token is stored. Cancel goes to /empty. */
function SignPage() {
  const navigate = useNavigate()
  return (
    <main className="standalone">
      <SignPanel
        onCancel={() => {
          ui.isSignDeclined = true
          void navigate({ to: '/empty' })
        }}
      />
    </main>
  )
}
