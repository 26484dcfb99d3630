// The product's old path names (bookmarks, links in old e-mails and ads) and the screen each now lives at.
// The app layout's beforeLoad redirects them with replace, so "back" never returns to the dead address.
export const LEGACY_PATHS: Readonly<Record<string, string>> = {
  '/markets': '/trades',
  '/balance': '/profile/balance',
  '/record': '/profile/records',
  '/invite': '/profile/invite',
  '/messages': '/profile/notifications',
  '/settings': '/profile/settings',
  '/verification': '/profile/verification',
  '/about': '/aboutUs',
  '/deposit': '/profile/deposit',
  '/withdraw': '/profile/withdraw',
  '/financing': '/loan',
  '/orders': '/profile/orders',
}

/** The new address for an old path (a trailing slash and letter case ignored), or undefined for any other path. */
export function legacyTarget(pathname: string): string | undefined {
  const key = pathname.replace(/\/+$/, '').toLowerCase()
  return Object.hasOwn(LEGACY_PATHS, key) ? LEGACY_PATHS[key] : undefined
}
