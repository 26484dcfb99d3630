import { useMutation } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { downloadRecordCsv, type RecordFilter } from '../api.ts'

export function ExportButton({ filter }: { filter: RecordFilter }) {
  const download = useMutation({ mutationFn: () => downloadRecordCsv({ from: filter.from, to: filter.to }) })
  return (
    <>
      <button type="button" className="btn secondary small" disabled={download.isPending} onClick={() => download.mutate()}>
        <Trans>Export CSV</Trans>
      </button>
      {download.error && (
        <p role="alert" className="field-problem">
          {download.error.message}
        </p>
      )}
    </>
  )
}
