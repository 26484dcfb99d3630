import { createFileRoute } from '@tanstack/react-router'
import { SmartScreen } from '../../features/earn/components/smart-screen.tsx'

// Split into its own chunk (autoCodeSplitting): nothing of the plans loads with the first screen.
export const Route = createFileRoute('/_app/smart')({ component: SmartScreen })
