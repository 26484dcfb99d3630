// Takes one photo with the device's camera: a live preview, then a still JPEG from a canvas. The stream stops when
// the dialog closes. A camera that cannot be opened (refused, none, busy) hands over to the file picker.
import { useEffect, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'

export const cameraSupported = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'

type Props = { title: string; onClose: () => void; onPhoto: (photo: Blob) => void; onUnavailable: () => void }

export function CameraDialog({ title, onClose, onPhoto, onUnavailable }: Props) {
  const video = useRef<HTMLVideoElement>(null)
  const [ready, setReady] = useState(false)
  // The latest callback, without reopening the camera each time the parent renders.
  const unavailable = useRef(onUnavailable)
  useEffect(() => {
    unavailable.current = onUnavailable
  })

  useEffect(() => {
    let stream: MediaStream | null = null
    let cancelled = false
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 } }, audio: false })
      .then((opened) => {
        stream = opened
        if (cancelled || !video.current) return opened.getTracks().forEach((track) => track.stop())
        video.current.srcObject = opened
        void video.current.play().catch(() => {})
      })
      .catch(() => {
        if (!cancelled) unavailable.current()
      })
    return () => {
      cancelled = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  const capture = () => {
    const el = video.current
    if (!el || el.videoWidth === 0) return
    const canvas = document.createElement('canvas')
    canvas.width = el.videoWidth
    canvas.height = el.videoHeight
    canvas.getContext('2d')?.drawImage(el, 0, 0)
    canvas.toBlob((blob) => blob && onPhoto(blob), 'image/jpeg', 0.92)
  }

  return (
    <Dialog onClose={onClose} labelledBy="kyc-camera-title">
      <h2 id="kyc-camera-title">{title}</h2>
      <video ref={video} className="kyc-camera" playsInline muted onLoadedData={() => setReady(true)} />
      <div className="button-row">
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={capture} disabled={!ready}>
          <Trans>Take the photo</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
