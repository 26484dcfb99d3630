import { describe, expect, it } from 'vitest'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { refetchFailedOnReconnect } from './query-client.ts'

describe('refetchFailedOnReconnect', () => {
  it('asks again for a shown query that failed, once the browser is back online', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const target = new EventTarget()
    refetchFailedOnReconnect(client, target as unknown as Window)
    let calls = 0
    const observer = new QueryObserver(client, {
      queryKey: ['records'],
      queryFn: () => {
        calls++
        if (calls === 1) throw new TypeError('Failed to fetch')
        return 'rows'
      },
    })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => observer.getCurrentResult().status).toBe('error')
    target.dispatchEvent(new Event('online'))
    await expect.poll(() => observer.getCurrentResult().data).toBe('rows')
    expect(calls).toBe(2)
    unsubscribe()
  })
})
