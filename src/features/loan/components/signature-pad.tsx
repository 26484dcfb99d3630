// A signature drawn with a finger, a pen or a mouse: pointer events on a canvas (touch-action: none, so a finger
// draws instead of scrolling), stroked in the canvas's own pixels whatever size it is shown at. The drawing leaves as
// a PNG (base64, the server's SignLoan), which the server embeds into the agreement.
import { useRef, useState, type PointerEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'

const WIDTH = 480
const HEIGHT = 160

export function SignaturePad({ onSign, busy, signLabel }: { onSign: (pngBase64: string) => void; busy: boolean; signLabel: string }) {
  const { t } = useLingui()
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  const [hasInk, setHasInk] = useState(false)

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    return { x: ((e.clientX - box.left) / box.width) * WIDTH, y: ((e.clientY - box.top) / box.height) * HEIGHT }
  }
  const context = () => {
    const c = canvas.current?.getContext('2d')
    if (!c) return null
    c.lineWidth = 2.5
    c.lineCap = 'round'
    c.lineJoin = 'round'
    c.strokeStyle = '#111'
    return c
  }
  const handleDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    last.current = point(e)
  }
  const handleMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current
    const c = context()
    if (!from || !c) return
    const to = point(e)
    c.beginPath()
    c.moveTo(from.x, from.y)
    c.lineTo(to.x, to.y)
    c.stroke()
    last.current = to
    setHasInk(true)
  }
  const handleUp = () => {
    last.current = null
  }
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    setHasInk(false)
  }

  return (
    <div className="loan-signature">
      <p className="caption">
        <Trans>Draw your signature in the box with your finger, a pen or the mouse.</Trans>
      </p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        className="loan-signature-canvas"
        role="img"
        aria-label={t`Signature box`}
        data-testid="loan-signature"
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerCancel={handleUp}
      />
      <div className="loan-actions">
        <Button variant="secondary" onClick={clear} disabled={!hasInk || busy}>
          <Trans>Clear</Trans>
        </Button>
        <Button onClick={() => onSign(canvas.current!.toDataURL('image/png').split(',')[1]!)} disabled={!hasInk} loading={busy} data-testid="loan-sign-submit">
          {signLabel}
        </Button>
      </div>
    </div>
  )
}
