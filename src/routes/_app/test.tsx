import { createFileRoute } from '@tanstack/react-router'
import { SelfCheckScreen } from '../../features/selfcheck/components/self-check-screen.tsx'

export const Route = createFileRoute('/_app/test')({ component: SelfCheckScreen })
