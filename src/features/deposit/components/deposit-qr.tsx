import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { QrImage } from '../../../components/ui/qr-image.tsx'
import { depositQueries } from '../api.ts'

/** The receiving address as a QR code. */
export function DepositQr({ text }: { text: string }) {
  const { t } = useLingui()
  const { data: svg } = useQuery(depositQueries.qr(text))
  return <QrImage svg={svg} alt={t`QR code of the deposit address`} className="deposit-qr" testId="deposit-qr" />
}
