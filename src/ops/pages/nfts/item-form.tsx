// One item's form: the picture (uploaded to the store, re-encoded), title and story per language with the fallback
// language, creator, chain, contract address and token id once minted, reserve, buy-now price, the smallest raise,
// the end, and the charity that receives the proceeds. Once someone has bid only the minting fields may change.
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { LANGUAGES, type LanguageCode } from '#contract/locales.ts'
import type { NftText } from '#contract/nfts.ts'
import { opsNftsApi, type OpsCharity, type OpsNftItem } from '#contract/ops-nfts.ts'
import { opsContentImageApi } from '#contract/ops-news.ts'
import { UPLOAD_ACCEPT } from '#contract/uploads.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { toast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api.ts'
import { opsCall } from '../../api.ts'
import { OpsPhoto } from '../kyc/ops-photo.tsx'

type Texts = Partial<Record<LanguageCode, NftText>>
const EMPTY: NftText = { title: '', story: '' }
const WEEK_MS = 7 * 24 * 3600 * 1000
const pad = (n: number) => String(n).padStart(2, '0')
/** A time as <input type="datetime-local" step="1"> writes it, in the operator's time zone. */
const localText = (ms: number) => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

type Props = { item: OpsNftItem | null; charities: OpsCharity[]; onSaved: (item: OpsNftItem) => void }

export function ItemForm({ item, charities, onSaved }: Props) {
  const { t } = useLingui()
  const [saved, setSaved] = useState(item)
  const [fallbackLang, setFallbackLang] = useState<LanguageCode>(item?.fallbackLang ?? 'en_US')
  const [lang, setLang] = useState<LanguageCode>(item?.fallbackLang ?? 'en_US')
  const [texts, setTexts] = useState<Texts>(item?.translations ?? {})
  const [image, setImage] = useState<string | null>(item?.imageId ?? null)
  const [uploading, setUploading] = useState(false)
  const [fields, setFields] = useState(() => ({
    charityId: item?.charity.id ?? charities[0]?.id ?? '',
    creator: item?.creator ?? '',
    chain: item?.chain ?? 'Ethereum',
    contractAddress: item?.contractAddress ?? '',
    tokenId: item?.tokenId ?? '',
    reservePrice: item?.reservePrice ?? '',
    buyNowPrice: item?.buyNowPrice ?? '',
    minStep: item?.minStep ?? '1',
    endsAt: localText(item?.endsAt ?? Date.now() + WEEK_MS),
  }))
  const [problem, setProblem] = useState<string | null>(null)
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }))
  const current = texts[lang] ?? EMPTY
  const edit = (field: keyof NftText, value: string) => setTexts((v) => ({ ...v, [lang]: { ...(v[lang] ?? EMPTY), [field]: value } }))
  const upload = async (file: File) => {
    setUploading(true)
    try {
      const form = new FormData()
      form.append('file', file, file.name)
      setImage((await opsCall(opsContentImageApi.upload, { form })).id)
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`The picture could not be uploaded. Try again.`)
    } finally {
      setUploading(false)
    }
  }
  const save = useMutation({
    mutationFn: () => {
      const translations: Texts = {}
      for (const [code, v] of Object.entries(texts)) if (v && (v.title.trim() || v.story.trim())) translations[code as LanguageCode] = v
      const optional = (v: string) => (v.trim() ? v.trim() : null)
      return opsCall(opsNftsApi.saveItem, {
        body: {
          id: saved?.id,
          charityId: fields.charityId || charities[0]?.id || '',
          image: image ?? '',
          fallbackLang,
          translations,
          creator: fields.creator,
          chain: fields.chain,
          contractAddress: optional(fields.contractAddress),
          tokenId: optional(fields.tokenId),
          reservePrice: fields.reservePrice.trim(),
          buyNowPrice: optional(fields.buyNowPrice),
          minStep: fields.minStep.trim(),
          endsAt: new Date(fields.endsAt).getTime(),
        },
      })
    },
    onSuccess: (next) => {
      setSaved(next)
      onSaved(next)
      toast(t`Item saved`, 'success')
    },
    onError: (error) => setProblem(error instanceof ApiError ? error.message : t`The item could not be saved. Try again.`),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const fallback = texts[fallbackLang]
    if (!image) return setProblem(t`Upload the item's picture`)
    if (!fallback?.title.trim() || !fallback.story.trim()) return setProblem(t`Write a title and a story in the fallback language`)
    setProblem(null)
    save.mutate()
  }
  return (
    <Card title={saved ? t`Edit item` : t`New item`} titleId="ops-nft-form">
      <form onSubmit={submit} noValidate className="ops-form" data-testid="ops-nft-form">
        <div className="field">
          <label htmlFor="ops-nft-charity" className="field-label"><Trans>Charity receiving the proceeds</Trans></label>
          <select id="ops-nft-charity" className="select" value={fields.charityId || charities[0]?.id || ''} onChange={set('charityId')} data-testid="ops-nft-charity">
            {charities.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-nft-file" className="field-label"><Trans>Picture</Trans></label>
          <input id="ops-nft-file" type="file" accept={UPLOAD_ACCEPT} disabled={uploading} data-testid="ops-nft-file" onChange={(e) => { const file = e.target.files?.[0]; e.target.value = ''; if (file) void upload(file) }} />
        </div>
        {image && <div className="ops-nft-picture"><OpsPhoto key={image} id={image} label={t`The item's picture`} /></div>}
        <div className="field">
          <label htmlFor="ops-nft-fallback" className="field-label"><Trans>Fallback language</Trans></label>
          <select id="ops-nft-fallback" className="select" value={fallbackLang} onChange={(e) => setFallbackLang(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ops-nft-lang" className="field-label"><Trans>Language of this text</Trans></label>
          <select id="ops-nft-lang" className="select" value={lang} onChange={(e) => setLang(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{texts[l.code]?.title ? `${l.name} ✓` : l.name}</option>)}
          </select>
        </div>
        <TextField label={t`Title`} maxLength={120} value={current.title} onChange={(e) => edit('title', e.target.value)} data-testid="ops-nft-title" />
        <TextAreaField label={t`Story`} rows={4} maxLength={5000} value={current.story} onChange={(e) => edit('story', e.target.value)} data-testid="ops-nft-story" />
        <TextField label={t`Creator`} maxLength={100} value={fields.creator} onChange={set('creator')} data-testid="ops-nft-creator" />
        <TextField label={t`Chain`} maxLength={40} value={fields.chain} onChange={set('chain')} />
        <TextField label={t`Contract address (once minted)`} maxLength={100} value={fields.contractAddress} onChange={set('contractAddress')} />
        <TextField label={t`Token ID (once minted)`} maxLength={80} value={fields.tokenId} onChange={set('tokenId')} />
        <TextField label={t`Reserve price (USDT)`} inputMode="decimal" value={fields.reservePrice} onChange={set('reservePrice')} data-testid="ops-nft-reserve" />
        <TextField label={t`Buy-now price (USDT, optional)`} inputMode="decimal" value={fields.buyNowPrice} onChange={set('buyNowPrice')} data-testid="ops-nft-buy-now" />
        <TextField label={t`Smallest raise over the current bid (USDT)`} inputMode="decimal" value={fields.minStep} onChange={set('minStep')} data-testid="ops-nft-step" />
        <TextField label={t`Ends at`} type="datetime-local" step={1} value={fields.endsAt} onChange={set('endsAt')} data-testid="ops-nft-ends" />
        {problem && <p className="field-note error" role="alert">{problem}</p>}
        <Button type="submit" loading={save.isPending} data-testid="ops-nft-save">
          <Trans>Save</Trans>
        </Button>
      </form>
    </Card>
  )
}
