import { createFileRoute } from '@tanstack/react-router'
import { StakingScreen } from '../../features/earn/components/staking-screen.tsx'

// Split into its own chunk (autoCodeSplitting): nothing of staking loads with the first screen.
export const Route = createFileRoute('/_app/nodeStaking')({ component: StakingScreen })
