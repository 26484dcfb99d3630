// /test: a page a support agent can ask a user to open. It checks, on this device, what support needs to know and
// nothing private (no address, no balance, no token): wallet found, chain, live connection and its latency, the
// service worker's version, storage used and the app's version, with "Copy report" to paste into the chat.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { CopyButton } from '../../../components/ui/copy-button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useFormat } from '../../../lib/format.ts'
import { ACCEPTED_CHAIN_ID } from '../../../wallet/config.ts'
import { checkServiceWorker, checkSocket, checkStorage, checkWallet } from '../checks.ts'
import '../selfcheck.css'

// Measured each time the page opens or the user checks again; never kept (no stale answer passes for a new one).
const fresh = { staleTime: 0, gcTime: 0, retry: false, networkMode: 'always' } as const

export function SelfCheckScreen() {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const wallet = useQuery({ queryKey: ['self-check', 'wallet'], queryFn: checkWallet, ...fresh })
  const socket = useQuery({ queryKey: ['self-check', 'socket'], queryFn: () => checkSocket(), ...fresh })
  const worker = useQuery({ queryKey: ['self-check', 'sw'], queryFn: () => checkServiceWorker(), ...fresh })
  const storage = useQuery({ queryKey: ['self-check', 'storage'], queryFn: checkStorage, ...fresh })
  const checks = [wallet, socket, worker, storage]
  const done = checks.every((q) => !q.isFetching)

  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(format.locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000)
  const chainText = (chainId: number | null) => {
    if (chainId === null) return t`Unknown`
    return chainId === ACCEPTED_CHAIN_ID ? t`Ethereum (${chainId})` : t`Other chain (${chainId}): switch to Ethereum`
  }
  const storageText = (usedBytes: number, quotaBytes: number) => {
    const used = megabytes(usedBytes)
    const quota = megabytes(quotaBytes)
    return t`${used} of ${quota}`
  }
  const yes = t`Yes`
  const no = t`No`
  const rows: { id: string; label: string; value: string | undefined; ok?: boolean }[] = [
    { id: 'wallet', label: t`Wallet found`, value: wallet.data && (wallet.data.found ? yes : no), ok: wallet.data?.found },
    { id: 'chain', label: t`Chain`, value: wallet.data && chainText(wallet.data.chainId), ok: wallet.data ? wallet.data.chainId === ACCEPTED_CHAIN_ID : undefined },
    { id: 'socket', label: t`Live connection`, value: socket.data && (socket.data.connected ? t`Connected` : t`Not connected`), ok: socket.data?.connected },
    { id: 'latency', label: t`Latency`, value: socket.data && (socket.data.latencyMs === null ? '—' : new Intl.NumberFormat(format.locale, { style: 'unit', unit: 'millisecond' }).format(socket.data.latencyMs)) },
    { id: 'sw', label: t`Service worker version`, value: worker.isSuccess ? (worker.data ?? t`None`) : undefined, ok: worker.isSuccess ? worker.data !== null : undefined },
    {
      id: 'storage',
      label: t`Storage used`,
      value: storage.isSuccess ? (storage.data ? storageText(storage.data.usedBytes, storage.data.quotaBytes) : t`Unknown`) : undefined,
    },
    { id: 'version', label: t`App version`, value: __APP_VERSION__ },
    { id: 'language', label: t`Language`, value: i18n.locale },
  ]
  const report = [
    t`Self-check report`,
    ...rows.map((r) => `${r.label}: ${r.value ?? '…'}`),
    `${t`Browser`}: ${navigator.userAgent}`,
    `${t`Checked at`}: ${new Date().toISOString()}`,
  ].join('\n')
  return (
    <div className="self-check">
      <PageHeader title={t`Self-check`} back="/" />
      <Card>
        <p className="article-lead">
          <Trans>This page checks how the app runs on this device. It shows nothing private: no address, balance or password.</Trans>
        </p>
        <dl className="self-check-list" data-testid="self-check">
          {rows.map((row) => (
            <div key={row.id} className="self-check-row" data-testid={`check-${row.id}`}>
              <dt>{row.label}</dt>
              <dd className={row.ok === false ? 'warn' : undefined}>{row.value ?? <Skeleton width="0.8rem" />}</dd>
            </div>
          ))}
        </dl>
        <div className="self-check-actions">
          <CopyButton text={report} label={<Trans>Copy report</Trans>} primary />
          <Button variant="secondary" disabled={!done} onClick={() => checks.forEach((q) => void q.refetch())}>
            <Trans>Check again</Trans>
          </Button>
        </div>
      </Card>
    </div>
  )
}
