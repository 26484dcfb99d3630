import { useMutation } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { ErrorState } from '../../../components/ui/error-state.tsx'
import { IconDownload } from '../../../components/ui/icons.tsx'
import { downloadRecordCsv, type RecordFilter } from '../api.ts'

/** The CSV of the chosen dates (every kind: the file is for bookkeeping). */
export function ExportButton({ filter, disabled }: { filter: RecordFilter; disabled?: boolean }) {
  const download = useMutation({ mutationFn: () => downloadRecordCsv({ from: filter.from, to: filter.to }) })
  return (
    <>
      <Button variant="secondary" loading={download.isPending} disabled={disabled} onClick={() => download.mutate()}>
        <IconDownload size={18} />
        <Trans>Export CSV</Trans>
      </Button>
      {download.error && <ErrorState error={download.error} compact />}
    </>
  )
}
