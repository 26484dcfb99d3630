import { createFileRoute } from '@tanstack/react-router'
import { NewsList } from '../../features/news/components/news-list.tsx'

export const Route = createFileRoute('/_app/news')({ component: NewsList })
