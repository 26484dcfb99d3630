// News: the articles (drafts, published, sample) and an editor. An operator writes each language's title, summary
// and Markdown body, names the fallback language readers without their own version get, saves (the server renders
// sanitised HTML, shown as the preview), then publishes or unpublishes. The server audits every change.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { opsNewsApi, type OpsArticle } from '#contract/ops-news.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { Pager } from '../../components/pager.tsx'
import { opsCall } from '../../api.ts'
import { ArticleEditor } from './article-editor.tsx'
import './news.css'

const KEY = ['ops', 'news']
const SIZE = 20

export default function NewsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<OpsArticle | null>(null)
  const [editorKey, setEditorKey] = useState(0)
  const list = useQuery({ queryKey: [...KEY, page], queryFn: () => opsCall(opsNewsApi.articles, { query: { page, size: SIZE } }), staleTime: 0 })
  const publish = useMutation({
    mutationFn: (input: { id: string; published: boolean }) => opsCall(opsNewsApi.publish, { body: input }),
    onSuccess: (article) => {
      void queryClient.invalidateQueries({ queryKey: KEY })
      if (editing?.id === article.id) setEditing(article)
      toast(article.publishedAt ? t`Article published` : t`Article unpublished`, 'success')
    },
    onError: (error) => toast(error instanceof ApiError ? error.message : t`The article could not be changed. Try again.`, 'error'),
  })
  const open = (article: OpsArticle | null) => {
    setEditing(article)
    setEditorKey((k) => k + 1)
  }
  const titleOf = (a: OpsArticle) => a.translations[a.fallbackLang]?.title ?? ''
  return (
    <>
      <PageHeader title={<Trans>News</Trans>} />
      <div className="ops-columns">
        <Card
          title={t`Articles`}
          titleId="ops-news-list"
          actions={
            <Button variant="secondary" onClick={() => open(null)}>
              <Trans>New article</Trans>
            </Button>
          }
        >
          {list.isPending ? (
            <SkeletonRows rows={4} />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} compact />
          ) : list.data.list.length === 0 ? (
            <EmptyState title={<Trans>No articles yet</Trans>} />
          ) : (
            <ul className="ops-news-list" aria-labelledby="ops-news-list">
              {list.data.list.map((a) => {
                const languages = Object.keys(a.translations).length
                return (
                <li key={a.id} className="ops-news-row" data-testid="ops-article-row">
                  <span className="ops-news-title">{titleOf(a)}</span>
                  <span className="ops-news-status">
                    {a.publishedAt ? <Badge tone="up"><Trans>Published</Trans></Badge> : <Badge><Trans>Draft</Trans></Badge>}
                    {a.sample && <Badge tone="warn"><Trans>Sample</Trans></Badge>}
                    <span className="caption">
                      <Plural value={languages} one="# language" other="# languages" />
                    </span>
                  </span>
                  <span className="ops-actions">
                    <Button variant="secondary" onClick={() => open(a)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant={a.publishedAt ? 'danger' : 'primary'}
                      loading={publish.isPending && publish.variables?.id === a.id}
                      onClick={() => publish.mutate({ id: a.id, published: !a.publishedAt })}
                    >
                      {a.publishedAt ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
                    </Button>
                  </span>
                </li>
                )
              })}
            </ul>
          )}
          {list.data && <Pager page={page} size={SIZE} total={list.data.total} onPage={setPage} />}
        </Card>
        <ArticleEditor
          key={editorKey}
          article={editing}
          onSaved={(article) => {
            setEditing(article)
            void queryClient.invalidateQueries({ queryKey: KEY })
          }}
        />
      </div>
    </>
  )
}
