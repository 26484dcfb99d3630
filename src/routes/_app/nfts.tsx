import { createFileRoute } from '@tanstack/react-router'
import { CharityScreen } from '../../features/nft/components/charity-screen.tsx'
import { NftDetail } from '../../features/nft/components/nft-detail.tsx'
import { NftList } from '../../features/nft/components/nft-list.tsx'

type Search = { item?: number; charity?: number }

/** /nfts lists the auctions; ?item=<id> opens one, ?charity=<id> a charity's page with its donations. Ids are numbers
 * in the URL (?item=12); a string is quoted by the router (?item="12"), so both forms are read. */
function validateSearch(search: Record<string, unknown>): Search {
  const id = (v: unknown, digits: number) => {
    const text = typeof v === 'number' ? String(v) : v
    return typeof text === 'string' && new RegExp(`^[1-9]\\d{0,${digits - 1}}$`).test(text) ? Number(text) : undefined
  }
  const item = id(search.item, 15)
  if (item !== undefined) return { item }
  const charity = id(search.charity, 5)
  return charity !== undefined ? { charity } : {}
}

export const Route = createFileRoute('/_app/nfts')({ validateSearch, component: NftsRoute })

function NftsRoute() {
  const { item, charity } = Route.useSearch()
  if (item !== undefined) return <NftDetail id={String(item)} />
  if (charity !== undefined) return <CharityScreen id={String(charity)} />
  return <NftList />
}
