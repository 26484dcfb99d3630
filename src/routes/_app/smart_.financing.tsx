import { createFileRoute } from '@tanstack/react-router'
import { FinancingScreen } from '../../features/financing/components/financing-screen.tsx'

// /smart/financing, beside the Smart plans (not /financing: that old address leads to /loan, src/app/legacy-paths.ts).
// Split into its own chunk (autoCodeSplitting): nothing of financing loads with the first screen.
export const Route = createFileRoute('/_app/smart_/financing')({ component: FinancingScreen })
