import { createFileRoute } from '@tanstack/react-router'
import { MarketsScreen } from '../../features/markets/components/markets-screen.tsx'

export const Route = createFileRoute('/_app/trades')({ component: MarketsScreen })
