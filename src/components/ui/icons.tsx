// Small stroke icons (24x24 grid, currentColor). Decorative: the text beside them carries the meaning.
type IconProps = { size?: number }

function make(d: string) {
  return function Icon({ size = 20 }: IconProps) {
    return (
      <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={d} />
      </svg>
    )
  }
}

export const IconBack = make('M15 5l-7 7 7 7')
export const IconChevron = make('M9 5l7 7-7 7')
export const IconUp = make('M12 19V5M6 11l6-6 6 6')
export const IconDown = make('M12 5v14M6 13l6 6 6-6')
export const IconWallet = make('M4 7a2 2 0 0 1 2-2h12v4M4 7v10a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2zM16 14h1')
export const IconGlobe = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z')
export const IconBell = make('M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0')
export const IconList = make('M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01')
export const IconLock = make('M6 11h12v10H6zM8 11V8a4 4 0 1 1 8 0v3')
export const IconHelp = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01')
export const IconGift = make('M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7S10.5 3 8 3.8 8.5 7 12 7zm0 0s1.5-4 4-3.2S15.5 7 12 7z')
export const IconUser = make('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0')
export const IconShield = make('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4')
export const IconMail = make('M3 6h18v12H3zM3 7l9 6 9-6')
export const IconCopy = make('M9 9h11v11H9zM5 15H4V4h11v1')
export const IconRetry = make('M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5')
export const IconOffline = make('M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 4.2-2.5M19 13a10 10 0 0 0-2.6-1.9M2 9.5a15 15 0 0 1 4.4-2.8M22 9.5A15 15 0 0 0 11 5.1M12 20h.01')
export const IconSearch = make('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4')
export const IconDownload = make('M12 4v11M7 10l5 5 5-5M5 20h14')
export const IconClose = make('M6 6l12 12M18 6L6 18')
export const IconCheck = make('M5 12l5 5 9-10')
export const IconInfo = make('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5h.01')
export const IconSettings = make('M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z')
export const IconFile = make('M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6')
export const IconSignOut = make('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10')
export const IconHome = make('M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z')
/** iOS Safari's Share button (a box with an arrow out of it) and its "Add to Home Screen" entry. */
export const IconShare = make('M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1')
export const IconPlusSquare = make('M4 4h16v16H4zM12 8v8M8 12h8')
export const IconExpand = make('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5')
export const IconShrink = make('M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5')
