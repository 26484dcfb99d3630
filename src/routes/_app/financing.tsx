import { createFileRoute } from '@tanstack/react-router'
import { FinancingScreen } from '../../features/financing/components/financing-screen.tsx'

// Split into its own chunk (autoCodeSplitting): nothing of financing loads with the first screen.
export const Route = createFileRoute('/_app/financing')({ component: FinancingScreen })
