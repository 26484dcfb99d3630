// A hosted support chat (Crisp or Tawk.to), shown by /help/support only when the server names one (/getSupportChatProvider);
// Keelson's own chat is the default and nothing of a provider loads without one. The widget's script comes from the
// provider's origin, which the server's CSP admits only then. A signed-in user's chat id is kept with
// /cacheChatId, so the same conversation resumes on any device. A load that has not finished in 8 s says so.
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { supportApi, type HostedChatProvider } from '#contract/support.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton.tsx'
import { api } from '../../../lib/api.ts'
import { useSession } from '../../../lib/session.ts'

const LOAD_DEADLINE_MS = 8_000

type Status = 'loading' | 'ready' | 'failed'

/** The chat id this user's conversations carry at the provider: the kept one, or a new one kept for next time. */
async function chatTokenOf(): Promise<string> {
  const { chatId } = await api(supportApi.getCacheChatId)
  if (chatId) return chatId
  const created = crypto.randomUUID()
  await api(supportApi.cacheChatId, { body: { chatId: created } })
  return created
}

function addScript(src: string, provider: HostedChatProvider): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.dataset.hostedChat = provider
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      reject(new Error('the chat script did not load'))
    }
    document.head.append(script)
  })
}

/** One provider's widget: load it (once per page), open it, hide it when the support page is left. */
type Driver = {
  load: (websiteId: string, token: string | null, locale: string) => Promise<void>
  open: () => void
  hide: () => void
}

type CrispWindow = Window & {
  $crisp?: unknown[][]
  CRISP_WEBSITE_ID?: string
  CRISP_TOKEN_ID?: string
  CRISP_RUNTIME_CONFIG?: { locale: string }
}
const crisp = (...command: unknown[]) => (window as CrispWindow).$crisp?.push(command)

/** Tawk.to's page API (its JavaScript API documentation): set before the script loads, filled in by it. */
type TawkApi = {
  onLoad?: () => void
  maximize?: () => void
  showWidget?: () => void
  hideWidget?: () => void
  setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void
}
type TawkWindow = Window & { Tawk_API?: TawkApi; Tawk_LoadStart?: Date }
const tawk = () => (window as TawkWindow).Tawk_API

const DRIVERS: Record<HostedChatProvider, Driver> = {
  // Crisp takes the chat id as its session token, so the conversation itself resumes on any device.
  crisp: {
    load: (websiteId, token, locale) => {
      const w = window as CrispWindow
      w.$crisp ??= []
      w.CRISP_WEBSITE_ID = websiteId
      if (token) w.CRISP_TOKEN_ID = token
      w.CRISP_RUNTIME_CONFIG = { locale }
      return addScript('https://client.crisp.chat/l.js', 'crisp')
    },
    open: () => {
      crisp('do', 'chat:show')
      crisp('do', 'chat:open')
    },
    hide: () => crisp('do', 'chat:hide'),
  },
  // Tawk.to has no session token of ours: the chat id is set as a visitor attribute once the widget has loaded, so
  // staff find one user's conversations under it; its language is the one set in Tawk.to's dashboard.
  tawk: {
    load: (websiteId, token) => {
      const w = window as TawkWindow
      const api: TawkApi = (w.Tawk_API ??= {})
      w.Tawk_LoadStart = new Date()
      if (token) api.onLoad = () => api.setAttributes?.({ 'keelson-chat-id': token })
      return addScript(`https://embed.tawk.to/${websiteId}`, 'tawk')
    },
    open: () => {
      tawk()?.showWidget?.()
      tawk()?.maximize?.()
    },
    hide: () => tawk()?.hideWidget?.(),
  },
}

/** Crisp's own language codes: the language, plus the region for Chinese. */
const crispLocale = (bcp47: string) => (bcp47 === 'zh-TW' ? 'zh-tw' : bcp47.split('-')[0]!.toLowerCase())

export function HostedChat({ provider, websiteId }: { provider: HostedChatProvider; websiteId: string }) {
  const driver = DRIVERS[provider]
  const { i18n } = useLingui()
  const userId = useSession((s) => s.userId)
  const [status, setStatus] = useState<Status>('loading')
  const [attempt, setAttempt] = useState(0)
  const locale = crispLocale(i18n.locale)

  useEffect(() => {
    let current = true
    const deadline = setTimeout(() => current && setStatus('failed'), LOAD_DEADLINE_MS)
    const loaded = document.querySelector(`script[data-hosted-chat="${provider}"]`)
      ? Promise.resolve()
      : (userId ? chatTokenOf() : Promise.resolve(null)).then((token) => driver.load(websiteId, token, locale))
    loaded.then(
      () => {
        clearTimeout(deadline)
        if (!current) return
        setStatus('ready')
        driver.open()
      },
      () => {
        clearTimeout(deadline)
        if (current) setStatus('failed')
      },
    )
    return () => {
      current = false
      clearTimeout(deadline)
      driver.hide()
    }
  }, [provider, driver, websiteId, userId, locale, attempt])

  return (
    <Card>
      <div data-testid="hosted-chat" data-status={status}>
        {status === 'loading' ? (
          <>
            <p className="muted">
              <Trans>Loading the chat…</Trans>
            </p>
            <SkeletonRows rows={2} />
          </>
        ) : status === 'ready' ? (
          <>
            <p>
              <Trans>Our support team answers in the chat window at the corner of the screen.</Trans>
            </p>
            <Button variant="secondary" onClick={driver.open} data-testid="hosted-chat-open">
              <Trans>Open the chat</Trans>
            </Button>
          </>
        ) : (
          <>
            <p role="alert">
              <Trans>The chat could not load. Check your connection and try again.</Trans>
            </p>
            <Button
              variant="secondary"
              onClick={() => {
                setStatus('loading')
                setAttempt((n) => n + 1)
              }}
            >
              <Trans>Retry</Trans>
            </Button>
          </>
        )}
      </div>
    </Card>
  )
}
