/** A QR code (SVG text, made by the lazily loaded qrcode package) shown as an image, so no generated markup enters
 * the page; an empty square of the same size until it is ready. */
export function QrImage({ svg, alt, className, testId }: { svg: string | undefined; alt: string; className: string; testId: string }) {
  if (!svg) return <div className={className} aria-hidden="true" />
  return <img className={className} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} width={160} height={160} data-testid={testId} />
}
