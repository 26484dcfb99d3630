import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { depositQueries } from '../api.ts'

/** The receiving address as a QR code, shown as an image (an SVG data URL), so no generated markup enters the page. */
export function DepositQr({ text }: { text: string }) {
  const { t } = useLingui()
  const { data: svg } = useQuery(depositQueries.qr(text))
  if (!svg) return <div className="deposit-qr" aria-hidden="true" />
  return (
    <img
      className="deposit-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`QR code of the deposit address`}
      width={160}
      height={160}
      data-testid="deposit-qr"
    />
  )
}
