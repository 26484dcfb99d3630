// A new charity: its name and what it does. Its money is its own ledger account, opened with its first donation.
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { opsNftsApi } from '#contract/ops-nfts.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'

export function CharityForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () => opsCall(opsNftsApi.saveCharity, { body: { name, description } }),
    onSuccess: () => {
      setName('')
      setDescription('')
      onSaved()
      toast(t`Charity added`, 'success')
    },
    onError: (error) => setProblem(error instanceof ApiError ? error.message : t`The charity could not be saved. Try again.`),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim() || !description.trim()) return setProblem(t`Write the charity's name and what it does`)
    setProblem(null)
    save.mutate()
  }
  return (
    <form onSubmit={submit} noValidate className="ops-form ops-nft-charity-form">
      <TextField label={t`Charity name`} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} data-testid="ops-charity-name" />
      <TextAreaField label={t`What the charity does`} rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} data-testid="ops-charity-description" />
      {problem && <p className="field-note error" role="alert">{problem}</p>}
      <Button type="submit" variant="secondary" loading={save.isPending} data-testid="ops-charity-save">
        <Trans>Add charity</Trans>
      </Button>
    </form>
  )
}
