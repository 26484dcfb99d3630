import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../features/home/components/home-screen.tsx'

export const Route = createFileRoute('/_app/')({ component: HomeScreen })
