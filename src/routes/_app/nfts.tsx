import { createFileRoute } from '@tanstack/react-router'
import { CharityScreen } from '../../features/nft/components/charity-screen.tsx'
import { NftDetail } from '../../features/nft/components/nft-detail.tsx'
import { NftList } from '../../features/nft/components/nft-list.tsx'

type Search = { item?: string; charity?: string }

/** /nfts lists the auctions; ?item=<id> opens one, ?charity=<id> a charity's page with its donations. The router reads
 * a number-like value as a number, so both forms count. */
function validateSearch(search: Record<string, unknown>): Search {
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : v)
  const item = text(search.item)
  if (typeof item === 'string' && /^\d{1,15}$/.test(item)) return { item }
  const charity = text(search.charity)
  return typeof charity === 'string' && /^\d{1,5}$/.test(charity) ? { charity } : {}
}

export const Route = createFileRoute('/_app/nfts')({ validateSearch, component: NftsRoute })

function NftsRoute() {
  const { item, charity } = Route.useSearch()
  if (item) return <NftDetail id={item} />
  if (charity) return <CharityScreen id={charity} />
  return <NftList />
}
