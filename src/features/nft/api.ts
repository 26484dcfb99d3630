import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { LanguageCode } from '#contract/locales.ts'
import { nftApi, type PlaceBid } from '#contract/nfts.ts'
import { api } from '../../lib/api.ts'
import { asUser } from '../../lib/private-query.ts'
import { publicKeys, userKeys, type UserId } from '../../lib/query-keys.ts'
import { getSession } from '../../lib/session.ts'
import { STALE } from '../../lib/stale.ts'

// Public auction data changes with every bid anywhere: read it often. The language is in the key (texts vary by it).
const publicRoot = publicKeys.nft()
/** Auctions tick: a list or item open on screen is read again this often, so a rival's bid shows without a reload. */
export const NFT_REFRESH_MS = 5_000

export const nftQueries = {
  list: (lang: LanguageCode) =>
    queryOptions({
      queryKey: [...publicRoot, 'list', lang],
      queryFn: () => api(nftApi.list, { query: { page: 1, size: 50, status: 'all' } }),
      staleTime: STALE.second,
      refetchInterval: NFT_REFRESH_MS,
    }),
  item: (id: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: [...publicRoot, 'item', id, lang],
      queryFn: () => api(nftApi.item, { query: { id } }),
      staleTime: STALE.second,
      refetchInterval: NFT_REFRESH_MS,
    }),
  charity: (id: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: [...publicRoot, 'charity', id, lang],
      queryFn: () => api(nftApi.charity, { query: { id, page: 1, size: 100 } }),
      staleTime: STALE.second,
    }),
  // Under the balance root: balance_update (outbid, won, a deposit) refreshes it at once (src/app/realtime.tsx).
  mine: (userId: UserId) =>
    queryOptions({
      queryKey: [...userKeys.balance(userId), 'nft'],
      queryFn: asUser(userId, () => api(nftApi.mine)),
      staleTime: STALE.second,
    }),
}

function useAfterMoney() {
  const queryClient = useQueryClient()
  return () => {
    const { userId } = getSession()
    return Promise.all([publicRoot, userKeys.balance(userId), userKeys.records(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  }
}

export function usePlaceBid() {
  const after = useAfterMoney()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceBid; idempotencyKey: string }) => api(nftApi.bid, { body, idempotencyKey }),
    onSuccess: after,
  })
}

export function useBuyNow() {
  const after = useAfterMoney()
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => api(nftApi.buyNow, { body: { id }, idempotencyKey }),
    onSuccess: after,
  })
}
