// Partners shown on home and on /aboutUs: a name and, optionally, an https link.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsContentApi } from '#contract/ops-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'

const KEY = ['ops', 'content', 'partners']

export function PartnersCard() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: KEY, queryFn: () => opsCall(opsContentApi.partners), staleTime: 0 })
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const save = useMutation({
    mutationFn: () => opsCall(opsContentApi.savePartner, { body: { name: name.trim(), url: url.trim() || null, position: list.data?.length ?? 0 } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY })
      setName('')
      setUrl('')
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => opsCall(opsContentApi.removePartner, { body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (error) => toast(error instanceof ApiError ? error.message : t`The partner could not be removed`, 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) save.mutate()
  }
  return (
    <Card title={t`Partners`} titleId="ops-partners">
      <form onSubmit={submit} noValidate className="ops-form">
        <TextField label={t`Name`} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label={t`Link (https, optional)`} type="url" maxLength={500} value={url} onChange={(e) => setUrl(e.target.value)} />
        {save.isError && (
          <p className="field-note error" role="alert">
            {save.error instanceof ApiError ? save.error.message : t`The partner could not be saved. Try again.`}
          </p>
        )}
        <Button type="submit" loading={save.isPending}>
          <Trans>Add partner</Trans>
        </Button>
      </form>
      {list.isPending ? (
        <SkeletonRows rows={2} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} compact />
      ) : list.data.length === 0 ? (
        <EmptyState title={<Trans>No partners yet</Trans>} />
      ) : (
        <ul className="ops-list">
          {list.data.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong> <span className="muted">{p.url ?? ''}</span>{' '}
              <Button variant="danger" onClick={() => remove.mutate(p.id)}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
