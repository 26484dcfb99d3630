// Configuration values (what `node server/cli.ts set-config / unset-config` does): each public setting with what an
// operator set and what the app reads when it is unset. Admins only.
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ConfigKey } from '#contract/config.ts'
import { opsConsoleApi, type OpsConfigRow } from '#contract/ops.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'

const KEY = ['ops', 'config']

function useKeyLabel() {
  const { t } = useLingui()
  const labels: Partial<Record<ConfigKey, string>> = {
    platformName: t`Platform name`,
    serverTimezoneOffset: t`Time zone of displayed times (minutes east of UTC)`,
    defaultWalletAddress: t`Default deposit wallet address`,
    licence: t`Licence and supervision text`,
    chatProvider: t`Live chat provider`,
  }
  return (key: ConfigKey) => labels[key] ?? key
}

export default function ConfigPage() {
  const rows = useQuery({ queryKey: KEY, queryFn: () => opsCall(opsConsoleApi.config), staleTime: 0 })
  return (
    <>
      <PageHeader title={<Trans>Configuration</Trans>} />
      {rows.isPending ? (
        <SkeletonRows rows={6} />
      ) : rows.isError ? (
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <div className="ops-columns">
          {rows.data.map((row) => (
            <ConfigValue key={row.configKey} row={row} />
          ))}
        </div>
      )}
    </>
  )
}

function ConfigValue({ row }: { row: OpsConfigRow }) {
  const { t } = useLingui()
  const label = useKeyLabel()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(row.value ?? '')
  const save = useMutation({
    mutationFn: (value: string | null) => opsCall(opsConsoleApi.setConfig, { body: { configKey: row.configKey, value } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<OpsConfigRow[]>(KEY, (rows) => rows?.map((r) => (r.configKey === saved.configKey ? saved : r)))
      setDraft(saved.value ?? '')
      toast(saved.value === null ? t`Unset: the app reads the fallback` : t`Saved`, 'success')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(draft)
  }
  const id = `ops-config-${row.configKey}`
  const field = {
    id,
    label: <span className="mono">{row.configKey}</span>,
    value: draft,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.target.value),
    hint: row.value === null ? (row.fallback === null ? t`Not set.` : t`Not set: the app reads “${row.fallback}”.`) : undefined,
    error: save.isError ? (save.error instanceof ApiError ? save.error.message : t`Not saved. Try again.`) : undefined,
  }
  return (
    <Card title={label(row.configKey)} titleId={`${id}-title`}>
      <form onSubmit={submit} className="ops-form" data-testid={id}>
        {row.configKey === 'licence' ? <TextAreaField {...field} rows={5} /> : <TextField {...field} />}
        <div className="ops-actions">
          <Button type="submit" loading={save.isPending && save.variables !== null} disabled={draft === (row.value ?? '')}>
            <Trans>Save</Trans>
          </Button>
          {row.value !== null && (
            <Button variant="secondary" onClick={() => save.mutate(null)} loading={save.isPending && save.variables === null}>
              <Trans>Unset</Trans>
            </Button>
          )}
        </div>
      </form>
    </Card>
  )
}
