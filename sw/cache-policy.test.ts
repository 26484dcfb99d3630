import { describe, expect, it } from 'vitest'
import { apiPolicy, contentCacheKey, isFresh, isStorable, isWalletConnectChunk, isWithdrawn, MONEY_MAX_AGE_MS, stamp } from './cache-policy.ts'

const ORIGIN = 'https://app.example'
const policy = (path: string, init?: RequestInit) => apiPolicy(new Request(`${ORIGIN}${path}`, init), new URL(`${ORIGIN}${path}`), ORIGIN)

describe('service worker cache policy', () => {
  it('caches only explicitly public reads asked without credentials', () => {
    expect(policy('/api/getNotice')).toBe('newest')
    expect(policy('/api/queryLanguageList')).toBe('public')
    expect(policy('/api/getConfigValue?configKey=platformName')).toBe('public')
    expect(policy('/api/getNotice', { headers: { Authorization: 'tok' } })).toBe('network-only')
    expect(policy('/api/getBalance')).toBe('network-only')
    expect(policy('/api/whateverComesNext')).toBe('network-only')
    expect(policy('/api/login', { method: 'POST', body: '{}' })).toBe('network-only')
    expect(policy('/index.html')).toBeNull()
    expect(apiPolicy(new Request('https://evil.example/api/getNotice'), new URL('https://evil.example/api/getNotice'), ORIGIN)).toBeNull()
  })

  it('keeps news, articles, help answers and documents by one content rule, never asked with credentials', () => {
    for (const path of ['/api/getAllInformation?page=1&size=10', '/api/getArticles?id=3', '/api/getText?type=deposit', '/api/getDocument?type=terms', '/api/getDocuments']) {
      expect(policy(path)).toBe('content')
      expect(policy(path, { headers: { Authorization: 'tok' } })).toBe('network-only')
    }
    expect(policy('/api/getArticles', { method: 'POST', body: '{}' })).toBe('network-only')
  })

  it('keeps a content picture by its own rule, never a user’s picture nor one asked with credentials', () => {
    const picture = '/api/contentImage/0a0b0c0d-1111-4222-8333-444455556666'
    expect(policy(picture)).toBe('content-image')
    expect(policy(picture, { headers: { Authorization: 'tok' } })).toBe('network-only')
    expect(policy(`${picture}?x=1`)).toBe('network-only')
    expect(policy('/api/contentImage/not-an-id')).toBe('network-only')
    expect(policy('/api/upload/0a0b0c0d-1111-4222-8333-444455556666')).toBe('network-only')
    expect(isStorable(new Response('', { status: 404 }), 'content-image')).toBe(false)
  })

  it('deletes a kept picture once the server says it is no longer published, and keeps it through an outage', () => {
    expect(isWithdrawn(new Response('', { status: 404 }))).toBe(true)
    expect(isWithdrawn(new Response('', { status: 410 }))).toBe(true)
    for (const status of [200, 304, 429, 500, 503]) expect(isWithdrawn(new Response(null, { status }))).toBe(false)
  })

  it('keeps content per language: the same address in two languages is two entries', () => {
    const key = (language?: string) =>
      contentCacheKey(new Request(`${ORIGIN}/api/getArticles?id=3`, { headers: language ? { Language: language } : {} }))
    expect(key('de_DE')).not.toBe(key('en_US'))
    expect(key('de_DE')).toBe(key('de_DE'))
    expect(key('de_DE')).toContain('/api/getArticles?id=3&')
    expect(key()).not.toBe(key('en_US'))
  })

  it('keeps only content-hashed WalletConnect chunks cache-first, never the file that names the entry', () => {
    const chunk = (path: string, origin = ORIGIN) => isWalletConnectChunk(new URL(`${origin}${path}`), ORIGIN)
    expect(chunk('/walletconnect/wc-Xz4r9uMs.js')).toBe(true)
    expect(chunk('/walletconnect/entry.json')).toBe(false)
    expect(chunk('/walletconnect/appkit.js')).toBe(false)
    expect(chunk('/walletconnect/wc-Xz4r9uMs.js', 'https://evil.example')).toBe(false)
  })

  it('treats a setting that moves money as network-first money, never public', () => {
    expect(policy('/api/getConfigValue?configKey=defaultWalletAddress')).toBe('money')
  })

  it('stores no failure and no money answer in the public cache', () => {
    const ok = (headers: Record<string, string> = {}, status = 200) => new Response('{}', { status, headers })
    expect(isStorable(ok(), 'public')).toBe(true)
    expect(isStorable(ok({}, 500), 'public')).toBe(false)
    expect(isStorable(ok({ 'x-keelson-money': '1' }), 'public')).toBe(false)
    expect(isStorable(ok({ 'x-keelson-money': '1' }), 'money')).toBe(true)
  })

  it('serves a stored money setting for under a minute, then never', async () => {
    const stored = await stamp(new Response('{"value":"0xabc"}', { status: 200 }), 1_000_000)
    expect(await stored.clone().text()).toBe('{"value":"0xabc"}')
    expect(isFresh(stored, 1_000_000 + MONEY_MAX_AGE_MS - 1, MONEY_MAX_AGE_MS)).toBe(true)
    expect(isFresh(stored, 1_000_000 + MONEY_MAX_AGE_MS, MONEY_MAX_AGE_MS)).toBe(false)
    expect(MONEY_MAX_AGE_MS).toBe(60_000)
    expect(isFresh(new Response('{}'), 1_000_000, MONEY_MAX_AGE_MS)).toBe(false)
  })
})
