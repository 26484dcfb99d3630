import { createFileRoute } from '@tanstack/react-router'
import { PageInfo } from '../../features/pages/components/page-info.tsx'
import { PAGES } from '../../features/pages/pages.ts'

export const Route = createFileRoute('/_app/aboutUs')({ component: () => <PageInfo page={PAGES.about} back="/profile" /> })
